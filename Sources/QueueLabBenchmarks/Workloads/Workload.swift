import QueueLabCore

/// The kinds of work the runner measures; every implementation gets the same work.
public enum WorkloadKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// N independent empty operations.
    case noop
    /// N operations that each spin a fixed number of microseconds: parallel efficiency.
    case cpu
    /// A dependency chain of N operations.
    case chain
    /// One root, K children, one sink; repeated, each round after the previous sink.
    case fanout
    /// A random DAG drawn from the seed.
    case dag
    /// A saturated queue fed a mix of priorities: latency per class and starvation.
    case priority
    /// N queued on a suspended queue, a fraction cancelled: time until the queue drains.
    case cancel
    /// Asynchronous operations finished later from another thread.
    case async
    /// Several threads adding at once: contention on the add path.
    case producers
    /// Advanced operations over a few mutual-exclusivity categories (the QueueLabAdvanced layer).
    case exclusive
    /// One operation at a time, each added once the previous finished: the latency of waking an
    /// idle queue.
    case ping

    /// What an implementation must declare to run this workload; without it the cell is skipped.
    public var requiredCapabilities: QueueCapabilities {
        switch self {
        case .noop, .producers: []
        case .cpu: []
        case .chain, .fanout, .dag: [.dependencies]
        case .priority: [.priorities, .width, .suspension]
        case .cancel: [.cancellation, .suspension]
        case .async: [.asynchronousOperations]
        case .exclusive: []  // no dependencies or cancels: the layer needs only adds and bodies here
        case .ping: []
        }
    }
}

/// One workload with its parameters, written `kind` or `kind:key=value;key=value`
/// (for example `noop:n=100000;width=1`). Parameters not given take ``defaults(for:)``.
public struct Workload: Sendable, Hashable, CustomStringConvertible {
    public let kind: WorkloadKind
    /// Parameter name -> value; always complete (defaults filled in), so rows compare like with like.
    public let parameters: [String: Int]

    public init(kind: WorkloadKind, parameters: [String: Int] = [:]) {
        self.kind = kind
        self.parameters = Workload.defaults(for: kind).merging(parameters) { _, given in given }
    }

    /// The parameters a kind accepts and their default values.
    public static func defaults(for kind: WorkloadKind) -> [String: Int] {
        switch kind {
        case .noop: ["n": 100_000, "width": -1]
        case .cpu: ["n": 2_000, "us": 50, "width": -1]
        case .chain: ["n": 100_000]
        case .fanout: ["k": 64, "rounds": 200]
        case .dag: ["n": 20_000, "edges": 3, "seed": 42]
        case .priority: ["n": 20_000, "us": 5, "width": 2]
        case .cancel: ["n": 100_000, "percent": 50]
        case .async: ["n": 50_000, "width": -1]
        case .producers: ["n": 100_000, "threads": 4]
        case .exclusive: ["n": 20_000, "categories": 4, "width": -1]
        case .ping: ["n": 2_000]
        }
    }

    /// Parses `kind` or `kind:key=value;key=value`.
    ///
    /// - Throws: ``WorkloadParseError`` naming what is wrong and what is valid.
    public init(parsing text: String) throws(WorkloadParseError) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let name = parts.first, let kind = WorkloadKind(rawValue: name) else {
            throw WorkloadParseError(
                message: "unknown workload '\(text)'; valid: "
                    + WorkloadKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        var given: [String: Int] = [:]
        let known = Workload.defaults(for: kind)
        if parts.count == 2 {
            for pair in parts[1].split(whereSeparator: { $0 == ";" || $0 == "," }) {
                let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard kv.count == 2, let value = Int(kv[1]) else {
                    throw WorkloadParseError(message: "workload parameter '\(pair)' is not key=integer")
                }
                guard known[kv[0]] != nil else {
                    throw WorkloadParseError(
                        message: "workload \(kind.rawValue) has no parameter '\(kv[0])'; valid: "
                            + known.keys.sorted().joined(separator: ", "))
                }
                if let problem = Workload.rangeProblem(kv[0], value) {
                    throw WorkloadParseError(message: "workload \(kind.rawValue): \(kv[0])=\(value) \(problem)")
                }
                given[kv[0]] = value
            }
        }
        self.init(kind: kind, parameters: given)
    }

    /// Why `value` is no value for the parameter `key`, or nil: sizes and counts are at least 1,
    /// `width` is -1 (the queue's default) or at least 1, `us` and `edges` are not negative,
    /// `percent` is 0 to 100, `seed` is anything.
    static func rangeProblem(_ key: String, _ value: Int) -> String? {
        switch key {
        case "seed": return nil
        case "width": return value == -1 || value >= 1 ? nil : "must be -1 (the default width) or at least 1"
        case "us", "edges": return value >= 0 ? nil : "cannot be negative"
        case "percent": return (0...100).contains(value) ? nil : "must be 0 to 100"
        default: return value >= 1 ? nil : "must be at least 1"
        }
    }

    public subscript(_ key: String) -> Int { parameters[key] ?? 0 }

    /// `n=100000;width=-1`: sorted, so equal workloads print equally (the CSV `params` column).
    public var parameterText: String {
        parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: ";")
    }

    public var description: String { "\(kind.rawValue):\(parameterText)" }

    /// A small run of the same workload, done untimed in the sample's process before the measured
    /// one: it pays the process's first-use costs (runtime metadata and conformance caches, lazy
    /// globals, the first worker threads, first-touch page faults), which are not the queue's per
    /// operation cost and would otherwise land in the measured window.
    public var warmUp: Workload {
        var smaller: [String: Int] = [:]
        if let n = parameters["n"] { smaller["n"] = Swift.min(n, 1_000) }
        if let rounds = parameters["rounds"] { smaller["rounds"] = Swift.min(rounds, 10) }
        return with(smaller)
    }

    /// The same workload with some parameters replaced.
    public func with(_ changes: [String: Int]) -> Workload {
        Workload(kind: kind, parameters: parameters.merging(changes) { _, new in new })
    }
}

public struct WorkloadParseError: Error, CustomStringConvertible, Equatable {
    public let message: String
    public var description: String { message }
}
