import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// The cost rule, counted: the entries a policy looks at per pick stay bounded as the backlog
/// grows from a thousand to a hundred thousand, with stale entries left by late dependencies and
/// priority changes among them. A policy that rescanned its waiting operations would look at
/// thousands per pick.
@Suite(.onBlockingThreads) struct PolicyCostTests {
    /// Entries looked at per pick over a backlog of `count` mixed operations, a quarter of them
    /// moved by a priority change and a quarter taken back by a late dependency (then released).
    private func examinedPerPick(_ name: String, backlog count: Int) throws -> Double {
        var machine = try makeMachine(name)
        machine.clockForTesting = 0
        var operations: [TestOperation] = []
        operations.reserveCapacity(count)
        for index in 0..<count {
            let operation = TestOperation("", QueuePriority(level: index % 5))
            operations.append(operation)
            _ = machine.enqueue(operation, isReady: true)
        }
        for index in stride(from: 0, to: count, by: 4) {
            operations[index].setPriorityForTesting(QueuePriority(level: (index / 4) % 5))
            machine.reprioritize(operations[index])
        }
        for index in stride(from: 1, to: count, by: 4) { _ = machine.block(operations[index]) }
        for index in stride(from: 1, to: count, by: 4) { _ = machine.release(operations[index]) }
        var picks = 0
        while let taken = machine.next() {
            picks += 1
            machine.clockForTesting = UInt64(picks)
            _ = machine.finished(taken.operation)
        }
        #expect(picks == count)
        #expect(machine.readyCount == 0)
        return Double(machine.examined) / Double(picks)
    }

    @Test(arguments: builtInNames)
    func entriesExaminedPerPickStayBounded(_ name: String) throws {
        let small = try examinedPerPick(name, backlog: 1_000)
        let large = try examinedPerPick(name, backlog: 100_000)
        // At most five heads (aging) plus about one stale entry per listing moved: a constant.
        #expect(large <= 7, "\(name): \(large) entries per pick at 100k")
        #expect(large <= small + 0.5, "\(name): \(small) per pick at 1k, \(large) at 100k")
    }
}
