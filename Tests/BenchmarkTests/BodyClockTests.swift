import Foundation
import LockBasedQueue
import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabRecorder

/// `QueueRecorder(bodyClock: .threadCPU)`: beside each body's wall time, the CPU time its thread
/// used, which a spinning replay runs instead. Asserted through what a body's own behaviour
/// guarantees (a sleep uses no CPU; a spin on the thread's CPU clock uses at least its length),
/// never through how long anything took.
@Suite(.onBlockingThreads) struct BodyClockTests {
    /// Waits (bounded) for the queue and the recorder, closes it, and reads what it wrote.
    static func drain(_ queue: RecordingQueue<LockQueue>, _ recorder: QueueRecorder, _ path: String) throws -> (
        text: String, recording: Recording
    ) {
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: .seconds(30)) == .finished)
        #expect(recorder.awaitFinishes(within: .seconds(10)))
        #expect(recorder.close(within: .seconds(10)))
        return (try String(contentsOfFile: path, encoding: .utf8), try Recording(path: path))
    }

    /// Width 1 and added to a suspended queue, so that after the resume every transition is made
    /// and delivered by the one worker: the start and the finish of each body are read on its thread.
    @Test func aSleepingBodyRecordsLittleCPUAndASpinningOneItsSpin() throws {
        let path = RecorderTests.temporaryPath("cpu")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try QueueRecorder(path: path, bodyClock: .threadCPU)
        let base = LockQueue(name: "cpu")
        base.maxConcurrentOperationCount = 1
        let queue = RecordingQueue(base: base, recorder: recorder)
        queue.isSuspended = true
        let spinLength: UInt64 = 5_000_000
        let sleeper = LockOperation(
            name: "sleeps", priority: .normal, body: .synchronous { _ in Thread.sleep(forTimeInterval: 0.03) })
        let spinner = LockOperation(
            name: "spins", priority: .normal,
            body: .synchronous { _ in
                let start = ThreadCPUClock.now()
                while ThreadCPUClock.now() &- start < spinLength {}
            })
        try queue.addOperation(sleeper)
        try queue.addOperation(spinner)
        queue.isSuspended = false
        let (text, recording) = try Self.drain(queue, recorder, path)
        #expect(text.hasPrefix(RecordingFormat.cpuSchema + "\n"))
        let byName = Dictionary(uniqueKeysWithValues: recording.operations.map { ($0.name ?? "", $0) })
        let slept = try #require(byName["sleeps"])
        let spun = try #require(byName["spins"])
        let sleptCPU = try #require(slept.cpu)
        let spunCPU = try #require(spun.cpu)
        #expect(slept.body >= 30_000_000 && sleptCPU < slept.body / 2)
        #expect(slept.work == sleptCPU)
        #expect(spunCPU >= spinLength && spun.body >= spinLength)
        #expect(spun.work == min(spunCPU, spun.body))
    }

    @Test func aWallClockRecordingStaysVersion2WithoutCPUTimes() throws {
        let path = RecorderTests.temporaryPath("wall")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try QueueRecorder(path: path)
        let queue = RecordingQueue(base: LockQueue(name: "wall"), recorder: recorder)
        try queue.addOperation(LockOperation(name: nil, priority: .normal, body: .synchronous { _ in }))
        let (text, recording) = try Self.drain(queue, recorder, path)
        #expect(text.hasPrefix(RecordingFormat.schema + "\n"))
        #expect(recording.operations.count == 1 && recording.operations[0].cpu == nil)
        #expect(recording.operations[0].work == recording.operations[0].body)
    }

    /// The CPU reading also counts the queue's and the recorder's work around the body: a replay
    /// never spins longer than the body took.
    @Test func workIsTheCPUTimeButNeverMoreThanTheWallTime() {
        let preempted = RecordedOperation(id: 1, queue: 0, priority: .normal, added: 0, wait: 0, body: 900, cpu: 50)
        let overcounted = RecordedOperation(id: 2, queue: 0, priority: .normal, added: 0, wait: 0, body: 50, cpu: 53)
        let wallOnly = RecordedOperation(id: 3, queue: 0, priority: .normal, added: 0, wait: 0, body: 70)
        #expect(preempted.work == 50 && overcounted.work == 50 && wallOnly.work == 70)
    }
}
