import Foundation
import Histogram
import QueueLabCore
import QueueLabInstructionCounting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Latency recording with one set of histograms per thread, merged at the end.
///
/// A shared histogram behind a lock costs far more per record than a thread's own (the figures:
/// `results/README.md`, "Figures the documentation used to show");
/// the thread finds its own set through a pthread key, so recording never takes a lock (only the
/// first record on each thread does, to claim a set).
///
/// Sets are made ahead, one per CPU, when the recorder is (before a sample's timed phase): making
/// one costs about 3.3 million instructions (eight histograms' buckets zeroed), which counted in
/// the timed phase made `lock` `chain:n=2000` read 10,316 or 11,985 instructions an operation by
/// whether a second worker happened to run a body, and cost a millisecond or two of wall time at a
/// random point of the phase. A thread beyond those (the `actor` queue's elastic pool can have more
/// threads than CPUs in bodies) makes its own, outside the instruction count.
package final class LatencyRecorder: @unchecked Sendable {
    // @unchecked Sendable: `key` is written only in init. The sets and how many are claimed are
    // reached only inside `registry.withLock`; that box is not Sendable by itself, since a Box is a
    // mutable class handed out of it, so: each Box is written only by the thread whose key slot
    // points at it, and read by `merged()` only after the caller made sure every recording thread
    // is done (the queue drained, which orders those writes before the read).
    private final class Box {
        var histograms = LatencyHistograms()
    }

    private var key = pthread_key_t()
    /// Every set, claimed or not; the first `claimed` belong to a thread each.
    private let registry: Locked<(boxes: [Box], claimed: Int)>

    /// - Parameter threads: how many recording threads to make sets for ahead (default: one per CPU).
    package init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        registry = Locked(((0..<Swift.max(1, threads)).map { _ in Box() }, 0))
        pthread_key_create(&key, nil)
    }

    deinit {
        pthread_key_delete(key)
    }

    /// Records one operation's timestamps (`MonotonicClock` nanoseconds).
    package func record(enqueued: UInt64, started: UInt64, finished: UInt64, priorityLevel: Int) {
        let box = currentBox()
        let toStart = started &- enqueued
        box.histograms.enqueueToStart.record(Swift.max(toStart, 1))
        box.histograms.startToFinish.record(Swift.max(finished &- started, 1))
        box.histograms.enqueueToFinish.record(Swift.max(finished &- enqueued, 1))
        if (0..<5).contains(priorityLevel) {
            box.histograms.enqueueToStartByLevel[priorityLevel].record(Swift.max(toStart, 1))
        }
    }

    /// Every thread's histograms added together; call after all recording finished.
    package func merged() -> LatencyHistograms {
        registry.withLock { registry in
            var total = LatencyHistograms()
            for box in registry.boxes.prefix(registry.claimed) { total.add(box.histograms) }
            return total
        }
    }

    private func currentBox() -> Box {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<Box>.fromOpaque(raw).takeUnretainedValue()
        }
        let box = registry.withLock { registry -> Box in
            if registry.claimed == registry.boxes.count {
                registry.boxes.append(InstructionCounting.uncounted { Box() })  // kept alive as long as the recorder
            }
            defer { registry.claimed += 1 }
            return registry.boxes[registry.claimed]
        }
        pthread_setspecific(key, Unmanaged.passUnretained(box).toOpaque())
        return box
    }
}
