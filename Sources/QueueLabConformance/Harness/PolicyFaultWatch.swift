import QueueLabCore

/// The policy fault logs of every queue a check made (see ``PolicyFault``): a queue that audits
/// its policy records a bad pick and goes on safely, and the check's verdict becomes FAIL, naming
/// the policy, whatever the scenario saw. Holds the logs, never the queues (the lifetime checks
/// need dropped queues to go away).
final class PolicyFaultWatch: Sendable {
    private let logs = Locked<[PolicyFaultLog]>([])

    func watch(_ queue: some OperationQueueing) {
        guard let log = (queue as? any PolicyFaultReporting)?.policyFaultLog else { return }
        logs.withLock { $0.append(log) }
    }

    /// Every fault recorded so far, and how many in all.
    var faults: (kept: [PolicyFault], total: Int) {
        let logs = self.logs.withLock { $0 }
        return (logs.flatMap(\.faults), logs.reduce(0) { $0 + $1.count })
    }

    /// FAIL with the faults, the first one in the summary; what the scenario said moves to the evidence.
    func judge(_ outcome: inout CheckOutcome) {
        let (kept, total) = faults
        guard let first = kept.first else { return }
        let before = "\(outcome.verdict): \(outcome.summary)"
        outcome.evidence =
            [
                .policyFaults(total: total, faults: kept.map { "\($0)" }),
                .note(text: "the scenario's own verdict was \(before)"),
            ]
            + outcome.evidence
        outcome.verdict = .fail
        outcome.summary = "the queue's \(first)"
    }
}
