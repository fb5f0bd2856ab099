import Foundation
import Histogram
import QueueLabBenchmarks
import TestTiers
import Testing

/// Per-thread histograms: sets made ahead are claimed one per thread, threads beyond them make their
/// own, and the merge holds every record exactly once.
@Suite("Latency recorder", .onBlockingThreads)
struct LatencyRecorderTests {
    @Test("records of more threads than the sets made ahead are all merged")
    func moreThreadsThanSetsMadeAhead() {
        let recorder = LatencyRecorder(threads: 1)
        let threads = 4
        let perThread = 250
        let done = DispatchGroup()
        for thread in 0..<threads {
            done.enter()
            Thread {
                for index in 0..<perThread {
                    let latency = UInt64(1_000 * (thread + 1) + index)
                    recorder.record(enqueued: 0, started: latency / 2, finished: latency, priorityLevel: thread)
                }
                done.leave()
            }.start()
        }
        #expect(done.wait(timeout: .now() + 30) == .success, "the recording threads did not finish")
        let merged = recorder.merged()
        #expect(merged.enqueueToFinish.totalCount == UInt64(threads * perThread))
        #expect(merged.startToFinish.totalCount == UInt64(threads * perThread))
        #expect(merged.enqueueToFinish.max >= UInt64(1_000 * threads + perThread - 1))
        for level in 0..<threads {
            #expect(merged.enqueueToStartByLevel[level].totalCount == UInt64(perThread))
        }
    }

    @Test("sets made ahead and never claimed add nothing; one thread's records stay in one set")
    func unclaimedSetsAddNothing() {
        let recorder = LatencyRecorder(threads: 4)
        for latency in [100, 200, 300] as [UInt64] {
            recorder.record(enqueued: 0, started: 1, finished: latency, priorityLevel: -1)
        }
        let merged = recorder.merged()
        #expect(merged.enqueueToFinish.totalCount == 3)
        #expect(merged.enqueueToStartByLevel.allSatisfy { $0.totalCount == 0 })
    }
}
