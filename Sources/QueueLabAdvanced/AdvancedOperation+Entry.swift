import QueueLabCore

extension AdvancedOperation {
    /// Cancelled before it was added: it finishes at once, without its body.
    func finishIfCancelledOnEntry() {
        let finishes = locked { () -> Bool in
            guard cancelled, phase == .pending else { return false }
            phase = .finishing
            return true
        }
        if finishes { finishWithoutBody() }
    }

    /// A child of a group that finished without starting: it finishes without ever entering a queue.
    func finishUnqueued() {
        let (finishes, group) = locked { () -> (Bool, GroupCoordinator<Q>?) in
            guard phase == .created else { return (false, nil) }
            phase = .finishing
            return (true, self.group)
        }
        guard finishes else { return }
        group?.abandonUnstarted()
        underlyingOperation.cancel()
        completeFinish()
    }

    /// The underlying queue refused the gate: the operation finishes with that error.
    func failOnEntry(_ error: QueueError) {
        let finishes = locked { () -> Bool in
            guard phase == .pending else { return false }
            collectedErrors.append(error)
            gate = nil
            phase = .finishing
            return true
        }
        if finishes { finishWithoutBody() }
    }

    /// One line of a stall report: the phase in the name, and what the operation waits for.
    func stallEntry() -> StallReport.Entry {
        let (phase, cancelled, dependencies, tickets, queue) = locked {
            (self.phase, self.cancelled, self.dependencies, self.tickets, self.queue)
        }
        var waitingOn: [OperationLabel] = []
        switch phase {
        case .pending: waitingOn = dependencies.filter { !$0.isFinished }.map(\.label)
        case .waitingForExclusivity:
            if let manager = queue?.exclusivity { waitingOn = tickets.flatMap { manager.blockers(of: $0) } }
        default: break
        }
        let shown = OperationLabel(id: id, name: "\(name ?? "op") [\(phase)]")
        return StallReport.Entry(
            operation: shown, state: phase.operationState, isCancelled: cancelled, unmetDependencies: waitingOn)
    }
}
