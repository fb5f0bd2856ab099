import Dispatch
import Foundation
import LockBasedQueue
import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabRecorder

/// The recorder's buffer and its writer's table: names travel beside plain events, and the table of
/// operations in flight answers as a `Dictionary` would.
@Suite(.onBlockingThreads) struct RecorderBufferTests {
    /// Random updates and removals, against a `Dictionary` doing the same: keys drawn from a small
    /// range (so runs of collisions form and removals shift them back) and far apart, through
    /// several growths.
    @Test(arguments: [UInt64(1), 2, 3])
    func theInFlightTableAgreesWithADictionary(seed: UInt64) {
        var table = InFlightTable<Int>(capacity: 4)
        var reference: [UInt64: Int] = [:]
        var state = seed
        func draw() -> UInt64 {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for step in 0..<20_000 {
            let roll = draw()
            let key = roll % 4 == 0 ? draw() : roll % 700
            if draw() % 3 == 0 {
                #expect(table.removeValue(forKey: key) == reference.removeValue(forKey: key), "step \(step)")
            } else {
                let value = Int(truncatingIfNeeded: draw() % 1_000)
                let old = table.update(key, default: -1) { stored in
                    defer { stored = value }
                    return stored
                }
                #expect(old == (reference.updateValue(value, forKey: key) ?? -1), "step \(step)")
            }
            #expect(table.count == reference.count)
        }
        for (key, value) in reference {
            #expect(table.removeValue(forKey: key) == value)
        }
        #expect(table.count == 0)
    }

    /// Batches from several stripes, each with its own names, merge into one whose every event
    /// still finds its own name.
    @Test func mergedBatchesKeepEachEventsName() {
        func added(_ id: UInt64) -> RecorderEvent {
            RecorderEvent(id: id, time: id, queue: 0, name: RecorderEvent.noName, kind: .added, priority: .normal)
        }
        var first = RecorderBatch()
        first.append(added(1), name: "one")
        first.append(added(2), name: nil)
        first.append(added(3), name: "three")
        var second = RecorderBatch()
        second.append(added(4), name: "four")
        second.append(added(5), name: nil)
        var merged = RecorderBatch()
        merged.append(contentsOf: first)
        merged.append(contentsOf: second)
        merged.append(contentsOf: RecorderBatch())
        #expect(merged.events.map(\.id) == [1, 2, 3, 4, 5])
        #expect(merged.events.map { merged.name(of: $0) } == ["one", nil, "three", "four", nil])
        merged.removeAll()
        #expect(merged.isEmpty && merged.names.isEmpty)
    }

    /// Four threads add named operations at once, their adds going to their own threads' stripes: every
    /// record carries the name of its own operation.
    @Test func namesFromSeveralThreadsStayWithTheirOperations() throws {
        let path = RecorderTests.temporaryPath("names")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try QueueRecorder(path: path)
        let queue = LockQueue(name: "named")
        recorder.install(on: queue)
        let perThread = 500
        let names = Locked<[UInt64: String]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<perThread {
                let name = "t\(thread) op \(index)"
                let operation = LockOperation(name: name, priority: .normal, body: .synchronous { _ in })
                names.withLock { $0[operation.id.rawValue] = name }
                try? queue.addOperation(operation)
            }
        }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: .seconds(30)) == .finished)
        #expect(recorder.awaitFinishes(within: .seconds(10)))
        #expect(recorder.close(within: .seconds(10)))
        let recording = try Recording(path: path)
        let expected = names.withLock { $0 }
        #expect(recording.droppedEvents == 0)
        #expect(recording.operations.count == 4 * perThread)
        for operation in recording.operations {
            #expect(operation.name == expected[operation.id], "operation \(operation.id)")
        }
    }
}
