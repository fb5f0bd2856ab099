import QueueLabCore

extension ScheduledOperation {
    /// Claims every operation of a batch for `host`, or none of them: all are reserved first, and
    /// only once every reservation succeeded is any of them published. Host serialisation held.
    ///
    /// - Returns: nil when the batch was claimed, else the member another add took first (the
    ///   reservations already made are given back).
    package static func claimAll<Batch: Collection>(
        _ batch: Batch, by host: HostLink, delivery: TransitionDelivery?
    ) -> Batch.Element? where Batch.Element: ScheduledOperation {
        var reserved = batch.startIndex
        while reserved != batch.endIndex {
            guard batch[reserved].reserve() else {
                for operation in batch[..<reserved] { operation.releaseReservation() }
                return batch[reserved]
            }
            batch.formIndex(after: &reserved)
        }
        for operation in batch { operation.publishClaim(by: host, delivery: delivery) }
        return nil
    }

    /// Why a claim was refused, as the error an add throws.
    package var refusal: QueueError {
        state == .finished ? .alreadyFinished(label) : .alreadyEnqueued(label)
    }
}
