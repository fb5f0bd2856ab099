import Foundation
import QueueLabCore

/// The name of the operations ``WorkloadExecution/warmWorkers(of:width:)`` adds: a trace leaves
/// them out (`TransitionLog.recordedRun(metadata:)`).
package let warmUpOperationName = "queuelab.warm-up"

extension WorkloadExecution {
    /// How long the warm-up waits for the queue's workers to run side by side before the workload
    /// goes on without it (`warm_after_ns` then reads this bound): several times the longest
    /// stacked start measured (`results/simulate/README.md`, "The second worker's core").
    static var warmBound: UInt64 { 200_000_000 }

    /// With `warm=1` (the default of `makespan`, `inversion`, `overload` and `open`): starts
    /// `queue`'s workers before the timed phase and waits, bounded, until `width` of them (at most
    /// one a core) run side by side; returns how long that took (``warmBound`` when they never
    /// did). With `warm=0`: nil, and the workers start in the timed phase.
    ///
    /// Why: every sample is a fresh process with a fresh queue, and the kernel can put a fresh
    /// worker thread on a core already busy (the first worker's, or that of the thread adding on a
    /// schedule) in some samples and not in others, for milliseconds while another core idles.
    /// These workloads' figures are the schedule's (a makespan, a wait's tail, the shares under
    /// overload), and without the warm-up some samples measured the start-up instead
    /// (`results/simulate/README.md`, "Warm workers"). An app's long-lived queue has its workers
    /// already running. The warm-up's operations go through the
    /// queue like any other before the harness counts anything; a trace leaves them out.
    func warmWorkers(of queue: Queue, width: Int) throws(SampleError) -> Double? {
        guard workload["warm"] == 1 else { return nil }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // The default width (-1) runs on every core.
        let count = Swift.max(1, width < 1 ? cores : Swift.min(width, cores))
        let group = SideBySide(threads: count, bound: Self.warmBound)
        let operations = (0..<count).map { _ in
            Queue.Operation(name: warmUpOperationName, priority: .normal, body: .synchronous { _ in group.wait() })
        }
        do {
            try queue.addOperations(operations, waitUntilFinished: false)
        } catch {
            throw .queueError(error)
        }
        try drain(queue)
        return Double(group.settledAfter ?? Self.warmBound)
    }
}
