import ActorBasedQueue
import Foundation
import FoundationAdapter
import LockBasedQueue
import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabRecorder

/// QueueLabRecorder on the three queues a user has: what it writes is what happened. No timing is
/// asserted beyond what a body's own spin guarantees; every wait is bounded.
@Suite(.onBlockingThreads) struct RecorderTests {
    static func temporaryPath(_ tag: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(tag)-\(UUID().uuidString).qlr").path
    }

    /// A suspended queue of width 2: `first` (high, spins 2 ms), `second` waiting for it, `skipped`
    /// cancelled before the queue resumes. The recording holds all three, as they were.
    func roundTrip<Queue: OperationQueueing>(_ type: Queue.Type) throws {
        let path = Self.temporaryPath(Queue.implementationName)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try QueueRecorder(path: path)
        let base = Queue(name: "work queue")
        base.maxConcurrentOperationCount = 2
        let queue = RecordingQueue(base: base, recorder: recorder)
        queue.isSuspended = true
        let first = Queue.Operation(
            name: "first", priority: .high, body: .synchronous { _ in MonotonicClock.spin(nanoseconds: 2_000_000) })
        let second = Queue.Operation(name: nil, priority: .low, body: .synchronous { _ in })
        let skipped = Queue.Operation(name: "skipped", priority: .normal, body: .synchronous { _ in })
        try second.addDependency(first)
        try queue.addOperation(first)
        try queue.addOperation(second)
        try queue.addOperation(skipped)
        skipped.cancel()
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: .seconds(30)) == .finished)
        #expect(recorder.awaitFinishes(within: .seconds(10)))
        #expect(recorder.close(within: .seconds(10)))
        let recording = try Recording(path: path)
        #expect(recording.queues == [RecordedQueueInfo(name: "work queue", width: 2)])
        #expect(recording.operations.count == 3 && recording.droppedEvents == 0 && recording.droppedBytes == 0)
        let byID = Dictionary(uniqueKeysWithValues: recording.operations.map { ($0.id, $0) })
        let firstRecord = try #require(byID[first.id.rawValue])
        let secondRecord = try #require(byID[second.id.rawValue])
        let skippedRecord = try #require(byID[skipped.id.rawValue])
        #expect(firstRecord.name == "first" && firstRecord.priority == .high && firstRecord.body >= 2_000_000)
        #expect(firstRecord.cancelledAfter == nil && firstRecord.dependencies.isEmpty)
        #expect(secondRecord.name == nil && secondRecord.priority == .low)
        #expect(secondRecord.dependencies == [first.id.rawValue])
        // It started after its dependency finished.
        #expect(secondRecord.added + secondRecord.wait >= firstRecord.finished)
        #expect(skippedRecord.name == "skipped" && skippedRecord.cancelledAfter != nil)
        #expect(recording.operations.map(\.queue) == [0, 0, 0])
    }

    @Test func roundTripOnLock() throws { try roundTrip(LockQueue.self) }
    @Test func roundTripOnActor() throws { try roundTrip(ActorQueue.self) }
    @Test func roundTripOnFoundation() throws { try roundTrip(FoundationQueue.self) }

    /// A buffer of four events a stripe cannot hold a burst of operations the writer has not taken yet: the
    /// appends beyond it are counted, the queue is never held up, and the file says so.
    @Test func aFullBufferDropsAndCounts() throws {
        let path = Self.temporaryPath("full")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The writer wakes once an hour and not at half a stripe: nothing is taken while the burst
        // runs (woken at half, it kept up with adds slowed by ThreadSanitizer on a loaded machine).
        let recorder = try QueueRecorder(path: path, capacity: 4, flushEvery: .seconds(3_600), wakesAtHalf: false)
        let queue = RecordingQueue(base: LockQueue(name: "burst"), recorder: recorder)
        // One operation recorded whole (waiting for its finish wakes the writer, which empties the buffer)...
        try queue.addOperation(LockOperation(name: nil, priority: .normal, body: .synchronous { _ in }))
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: .seconds(30)) == .finished)
        #expect(recorder.awaitFinishes(within: .seconds(10)))
        // ...then a burst the sleeping writer never takes.
        queue.isSuspended = true
        for _ in 0..<49 {
            try queue.addOperation(LockOperation(name: nil, priority: .normal, body: .synchronous { _ in }))
        }
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: .seconds(30)) == .finished)
        #expect(recorder.droppedEvents > 0)
        #expect(recorder.close(within: .seconds(10)))
        let recording = try Recording(path: path)
        #expect(recording.droppedEvents == recorder.droppedEvents)
        #expect(recording.operations.count >= 1 && recording.operations.count < 50)
        #expect(recording.warning?.contains("dropped \(recorder.droppedEvents) events") == true)
    }

    /// What the writer formats (bytes, no `String` interpolation), the reader reads back unchanged.
    @Test func recordLinesRoundTrip() throws {
        let operations = [
            RecordedOperation(id: 0, queue: 0, priority: .veryLow, added: 0, wait: 9, body: 10),
            RecordedOperation(
                id: 18_446_744_073_709_551_615, queue: 1, priority: .veryHigh, added: 86_400_000_000_000,
                wait: 1_234_567, body: 100, cancelledAfter: 0, dependencies: [0, 7], name: "a b%c"),
            RecordedOperation(
                id: 7, queue: 1, priority: .normal, added: 5, wait: 0, body: 0, cancelledAfter: 42, name: "-"),
            RecordedOperation(
                id: 8, queue: 0, priority: .low, added: 6, wait: 1, body: 3_000, cpu: 86_400_000_000_000),
            RecordedOperation(id: 9, queue: 0, priority: .low, added: 7, wait: 1, body: 3_000, cpu: 0),
        ]
        var bytes = Array((RecordingFormat.cpuSchema + "\nq 0 -1 -\nq 1 3 main\n").utf8)
        for operation in operations { operation.appendLine(to: &bytes) }
        let recording = try Recording(data: Data(bytes))
        #expect(
            recording.queues == [RecordedQueueInfo(name: nil, width: -1), RecordedQueueInfo(name: "main", width: 3)])
        #expect(Set(recording.operations) == Set(operations))
    }

    /// Version 1 files (no queue changes) still read, as version 2 without `s` and `w` lines.
    @Test func aVersion1RecordingStillReads() throws {
        let text = "queuelab-recording/1\nq 0 2 main\no 1 0 0 5 6 7 - - a\n"
        let recording = try Recording(data: Data(text.utf8))
        #expect(recording.queues == [RecordedQueueInfo(name: "main", width: 2)])
        #expect(recording.operations.map(\.id) == [1] && recording.changes.isEmpty)
    }

    /// Suspending, resuming and resizing a recorded queue are recorded, in order, once each: a set
    /// that changes nothing writes nothing.
    @Test func queueChangesAreRecorded() throws {
        let path = Self.temporaryPath("changes")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try QueueRecorder(path: path)
        let queue = RecordingQueue(base: LockQueue(name: "q"), recorder: recorder)
        queue.maxConcurrentOperationCount = 3
        queue.isSuspended = true
        queue.isSuspended = true
        try queue.addOperation(LockOperation(name: "held", priority: .normal, body: .synchronous { _ in }))
        queue.maxConcurrentOperationCount = 3
        queue.isSuspended = false
        queue.maxConcurrentOperationCount = 1
        queue.waitUntilAllOperationsAreFinished()
        #expect(recorder.awaitFinishes(within: .seconds(10)))
        #expect(recorder.close(within: .seconds(10)))
        let recording = try Recording(path: path)
        #expect(recording.changes.map(\.kind) == [.width(3), .suspended(true), .suspended(false), .width(1)])
        #expect(recording.changes.allSatisfy { $0.queue == 0 })
        #expect(zip(recording.changes, recording.changes.dropFirst()).allSatisfy { $0.at <= $1.at })
        // Each change is stamped after its set returned: the add fell between the two stamps.
        let held = try #require(recording.operations.first)
        #expect(recording.changes[1].at <= held.added && held.added <= recording.changes[2].at)
    }

    /// A queue is declared once however often it is installed on; a change to a queue the recorder
    /// was never installed on is ignored; each queue's changes name its own index.
    @Test func queuesAreDeclaredOnceAndChangesNameTheirOwn() {
        let first = LockQueue(name: "first")
        let second = LockQueue(name: "second")
        let stranger = LockQueue(name: "stranger")
        var queues = RecordedQueues()
        #expect(queues.install(first, name: "first", width: -1) == 0)
        #expect(queues.install(second, name: "second", width: 2) == 1)
        #expect(queues.install(first, name: "first", width: -1) == 0)
        queues.note(stranger, suspended: true, width: 1, at: 5)
        queues.note(second, suspended: true, width: 2, at: 7)
        queues.note(first, suspended: false, width: 3, at: 9)
        #expect(
            String(decoding: queues.takeLines(), as: UTF8.self)
                == "q 0 -1 first\nq 1 2 second\ns 1 7 1\nw 0 9 3\n")
        #expect(queues.takeLines().isEmpty)
    }

    /// Names survive their escaping: spaces, percent signs, a lone dash, a line break.
    @Test func namesRoundTrip() throws {
        for name in ["a b", "100%", "-", "two\nlines", "tab\there", "plain"] {
            let escaped = RecordingFormat.escape(name)
            #expect(!escaped.contains(" ") && !escaped.contains("\n"))
            #expect(RecordingFormat.unescape(Substring(escaped)) == .some(name))
        }
        #expect(RecordingFormat.unescape("-") == .some(nil))
    }
}
