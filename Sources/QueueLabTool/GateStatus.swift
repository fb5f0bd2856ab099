/// The gate's exit status: `compare`'s statuses, plus a failed build. The gate fails closed: what
/// it did not measure is never a pass.
enum GateStatus: Int32, CaseIterable, Sendable {
    case noRegression = 0
    case regression = 1
    case badInput = 2
    case buildFailed = 3
    case notMeasured = 4
    case notEnoughEvidence = 5
    case cannotDetect = 6

    /// From the strongest claim on the run down: bad input or a failed build makes the rest
    /// meaningless; what was not measured outranks a regression in what was; a regression outranks
    /// the evidence statuses.
    private static let precedence: [GateStatus] = [
        .badInput, .buildFailed, .notMeasured, .regression, .cannotDetect, .notEnoughEvidence, .noRegression,
    ]

    /// The worse of two channels' verdicts.
    static func worse(_ first: GateStatus, _ second: GateStatus) -> GateStatus {
        precedence.first { $0 == first || $0 == second } ?? first
    }

    /// `compare`'s exit status; anything else `compare` could end with (a crash, a signal) says
    /// nothing was judged.
    init(compareStatus status: Int32) {
        self = GateStatus(rawValue: status).flatMap { $0 == .buildFailed ? nil : $0 } ?? .notMeasured
    }

    /// A channel whose bench lost samples (its exit 4) cannot vouch for its cells, whatever
    /// `compare` made of the rest; bad input stays bad input.
    func downgraded(byBenchStatus benchStatus: Int32) -> GateStatus {
        benchStatus == GateStatus.notMeasured.rawValue && self != .badInput ? .notMeasured : self
    }

    static let legend =
        "0 no regression found, 1 regression, 2 bad input, 3 a build failed, 4 not measured, "
        + "5 not enough evidence, 6 cannot detect: a throughput row could not see the required change "
        + "(default: the floor; --allow-blind to pass)"
}

/// Why a gate stopped before its verdict, and the status it exits with.
struct GateFailure: Error, CustomStringConvertible {
    let status: GateStatus
    let description: String

    static func badInput(_ description: String) -> GateFailure {
        GateFailure(status: .badInput, description: description)
    }
}
