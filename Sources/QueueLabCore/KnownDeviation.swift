/// A way an implementation is known to break the contract, declared by the implementation itself
/// (as the Foundation adapter declares Foundation's bugs on Linux). The conformance suite still
/// runs the check and still shows a FAIL, marked as known, with the reason; a known deviation does
/// not fail the run. An implementation that stops deviating is reported too.
public struct KnownDeviation: Sendable, Hashable {
    /// The ID of the conformance check that catches it (`queuelab conform --list-checks`), or of
    /// the contract's clause the model-based checks judge (`TheContract`, "Clauses").
    public let checkID: String
    /// What goes wrong, and where it was seen.
    public let reason: String

    /// A deviation that the check or clause `checkID` catches, explained by `reason`.
    public init(checkID: String, reason: String) {
        self.checkID = checkID
        self.reason = reason
    }
}

extension OperationQueueing {
    /// None, unless an implementation declares some.
    public static var knownDeviations: [KnownDeviation] { [] }
}
