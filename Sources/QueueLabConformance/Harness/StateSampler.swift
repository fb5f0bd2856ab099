import Foundation
import QueueLabCore

/// A thread that reads every operation's `state` in a loop while a scenario runs: catches what a
/// lying observer hides (a state that moves back, an operation that reads finished while its body
/// still runs, i.e. executing and finished at once).
final class StateSampler<Q: OperationQueueing>: Sendable {
    private weak let harness: Harness<Q>?
    private let state = Locked((started: false, stopped: false, violations: [Violation]()))
    private let done = DispatchSemaphore(value: 0)

    init(harness: Harness<Q>) { self.harness = harness }

    func start() {
        state.withLock { $0.started = true }
        let thread = Thread { [self] in
            run()
            done.signal()
        }
        thread.name = "queuelab.sampler"
        thread.start()
    }

    /// Stops the thread (bounded wait) and returns what it saw.
    func stop() -> [Violation] {
        let wasRunning = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return state.started && !state.stopped
        }
        if wasRunning { _ = done.wait(timeout: .now() + .seconds(2)) }
        return state.withLock { $0.violations }
    }

    private func run() {
        var lastSeen: [OperationID: OperationState] = [:]
        var reported: Set<OperationID> = []
        var round = 0
        while !state.withLock({ $0.stopped }) {
            guard let harness, !harness.deadline.hasPassed else { return }
            round += 1
            // Mostly the running ones (where "executing and finished at once" can show), every
            // few rounds all of them (a state moving back can show anywhere).
            let sample = round % 8 == 0 ? harness.allOperations : harness.operationsRunningBodies
            for op in sample where !reported.contains(op.id) {
                let before = harness.isRunningBody(op.id)
                let state = op.state
                let after = harness.isRunningBody(op.id)
                if before && after { harness.noteSampled(op.id) }
                if before && after && state != .executing {
                    reported.insert(op.id)
                    let text =
                        state == .finished
                        ? "\(op.label) read finished while its body was still running (executing and finished at once)"
                        : "\(op.label) read \(state) while its body was running"
                    record(Violation(rule: "sampler", message: text, operations: [op.id]))
                }
                if let previous = lastSeen[op.id], state < previous {
                    reported.insert(op.id)
                    record(
                        Violation(
                            rule: "sampler",
                            message: "\(op.label) read \(previous), then \(state): its state moved back",
                            operations: [op.id]))
                }
                lastSeen[op.id] = state
            }
            if sample.isEmpty { sched_yield() }
        }
    }

    private func record(_ violation: Violation) {
        state.withLock { $0.violations.append(violation) }
    }
}
