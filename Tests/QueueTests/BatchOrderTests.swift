import QueueLabCore
import QueueLabImplementations
import TestTiers
import Testing

/// A batch added to a suspended serial queue starts, once resumed, by priority and then in the
/// order added, whether or not a member has dependency edges: `lock` and `actor` used to list the
/// members with edges after every edge-free member (`[Y, f0 ... f4]` with X depending on Y started
/// f0 ... f4 before Y), where Foundation starts Y first.
@Suite(.onBlockingThreads) struct BatchOrderTests {
    /// Priority mixes of the six members: all one level, each level alone, and mixed levels.
    static let mixes: [[QueuePriority]] = [
        Array(repeating: .normal, count: 6),
        Array(repeating: .veryLow, count: 6),
        Array(repeating: .veryHigh, count: 6),
        [.high, .high, .normal, .high, .normal, .high],
        [.low, .veryHigh, .low, .low, .veryHigh, .normal],
        [.normal, .low, .normal, .veryLow, .normal, .high],
    ]

    @Test(arguments: QueueBehaviourTests.queues.map(QueueType.init))
    func membersWithEdgesKeepTheirPlaceInTheBatch(_ type: QueueType) throws {
        try type.open { queue in try edgedMembersInOrder(queue) }
    }

    private func edgedMembersInOrder<Q: OperationQueueing>(_ queue: Q) throws {
        queue.maxConcurrentOperationCount = 1
        let finished = Q.Operation(name: "finished") { _ in }
        try queue.addOperation(finished)
        try #require(finished.waitUntilFinished(timeout: probeBound))
        for mix in Self.mixes {
            // Each position in turn holds the member with edges: a dependent outside the batch
            // (X depends on it), or an edge of its own to a finished operation.
            for edged in mix.indices {
                for edgeOfItsOwn in [false, true] {
                    queue.isSuspended = true
                    let order = ProbeLog<Int>()
                    let members = mix.enumerated().map { index, priority in
                        Q.Operation(
                            name: "m\(index)", priority: priority, body: .synchronous { _ in order.append(index) })
                    }
                    let dependent = Q.Operation(name: "X", priority: .veryLow, body: .synchronous { _ in })
                    if edgeOfItsOwn {
                        try members[edged].addDependency(finished)
                    } else {
                        try dependent.addDependency(members[edged])
                    }
                    try queue.addOperations(members, waitUntilFinished: false)
                    queue.isSuspended = false
                    try #require(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
                    let expected = mix.indices.sorted { mix[$0] > mix[$1] || (mix[$0] == mix[$1] && $0 < $1) }
                    #expect(
                        order.snapshot == expected,
                        "mix \(mix), edged member m\(edged) (\(edgeOfItsOwn ? "its own edge" : "a dependent"))")
                }
            }
        }
    }
}
