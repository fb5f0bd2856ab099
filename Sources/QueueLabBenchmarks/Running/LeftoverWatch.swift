import Foundation

/// Waits until a finished run's operations are freed, so that freeing them does not land in the
/// timed phase that follows.
///
/// A queue's worker can still hold a run's last operations for a moment after the drain returns
/// (it is delivering the last `finished`, releasing dependents). When that run was the warm-up,
/// the worker then frees them while the next phase is being timed: beside other Callgrind runs
/// some `lock` `chain:n=500` samples counted the warm-up's whole chain, freed in the window, as
/// their own (the figures: `results/README.md`, "Figures the documentation used to show"), and
/// the wall clock pays the same cost.
/// Every operation a workload makes has a body that holds the run's ``OperationHarness``, so the
/// harness is freed exactly when the last of them is: that is what is watched, weakly, with no
/// cost per operation. `LeftoverWatchWorkloadTests` holds every workload to it (`open`'s and
/// `replay`'s bodies held only parts of the harness until it did); `exclusive`'s queue runs the
/// advanced layer's own operations, which the watch does not cover once they let go of the
/// workload's.
struct LeftoverWatch {
    /// How long a queue may keep a finished run's operations. A queue that keeps them longer (one
    /// that never frees finished operations) costs each sample this much wall time, not a hang.
    static let bound: Duration = .seconds(2)

    private weak var harness: OperationHarness?

    init(_ harness: OperationHarness) { self.harness = harness }

    /// Returns when everything the run made is freed, or after `bound`; whether it was freed.
    @discardableResult
    func awaitRelease(within bound: Duration = Self.bound) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: bound)
        while harness != nil {
            guard clock.now < deadline else { return false }
            usleep(100)
        }
        return true
    }
}
