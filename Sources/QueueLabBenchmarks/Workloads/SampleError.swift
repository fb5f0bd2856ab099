import QueueLabCore

/// Why a sample produced no figures.
public enum SampleError: Error, Sendable, CustomStringConvertible {
    /// The implementation cannot express the workload (a missing capability): skipped, not failed.
    case unsupported(String)
    /// The queue did not drain within the bound; the text is the queue's stall report.
    case stalled(String)
    /// The queue refused an operation or a dependency.
    case queueError(QueueError)
    /// A child process failed, hung or printed no figures.
    case childFailed(String)

    public var description: String {
        switch self {
        case .unsupported(let why): "skipped: \(why)"
        case .stalled(let report): "the queue did not drain in time: \(report)"
        case .queueError(let error): "queue error: \(error)"
        case .childFailed(let why): "sample process failed: \(why)"
        }
    }
}

extension Workload {
    /// Why `capabilities` cannot run this workload, or `nil` when it can.
    public func unsupportedReason(for capabilities: QueueCapabilities) -> String? {
        let missing = kind.requiredCapabilities.subtracting(capabilities)
        if !missing.isEmpty { return "\(kind.rawValue) needs \(missing)" }
        if let width = parameters["width"], width != -1, !capabilities.contains(.width) {
            return "\(kind.rawValue) with width \(width) needs width"
        }
        return nil
    }
}
