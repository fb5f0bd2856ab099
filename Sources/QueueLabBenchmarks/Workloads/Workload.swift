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
    /// Several priority classes offered more work than the queue runs, for a fixed time: per-class
    /// throughput, waits and shares, and the fairness between classes (scheduling policies).
    case overload
    /// A steady `normal` load with, now and then, a `veryHigh` operation that waits for a
    /// `veryLow` one: the cost of priority inversion (see `InversionWorkload`).
    case inversion
    /// A DAG of known work, a few long chains hidden among independent operations, at a fixed
    /// width: the time to finish it all against the lower bound any scheduler has (see
    /// `MakespanWorkload`).
    case makespan
    /// Operations arriving on a schedule (Poisson or constant rate), not on completion: latency
    /// from each one's intended arrival, against offered load (see `OpenLoopSpec`).
    case open
    /// A few no-op operations, then the queue left idle for `ms` milliseconds and released: the CPU
    /// it burns while idle and whether its threads end (see `IdleWorkload`).
    case idle
    /// A recording of an app's queues (QueueLabRecorder) replayed open-loop from its recorded
    /// arrival times (see `ReplaySpec`).
    case replay

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
        case .overload: [.priorities, .width, .suspension]
        case .inversion: [.priorities, .width, .dependencies]
        case .makespan: [.width, .dependencies]
        case .open: []  // a priority mix other than `normal` is checked when the sample runs
        case .idle: []
        case .replay: []  // what the recording uses (dependencies, priorities...) is checked when the sample runs
        }
    }
}

/// One workload with its parameters, written `kind` or `kind:key=value;key=value`
/// (for example `noop:n=100000;width=1`). Parameters not given take ``defaults(for:)``.
public struct Workload: Sendable, Hashable, CustomStringConvertible {
    /// The kind of work.
    public let kind: WorkloadKind
    /// Parameter name -> value; always complete (defaults filled in), so rows compare like with like.
    public let parameters: [String: Int]
    /// Text-valued parameters (`textDefaults(for:)`), canonical and complete like `parameters`.
    public let textParameters: [String: String]

    /// A workload of `kind` with the parameters given, the kind's defaults for the rest. Unlike
    /// ``init(parsing:)``, it checks no name or value.
    public init(kind: WorkloadKind, parameters: [String: Int] = [:], textParameters: [String: String] = [:]) {
        self.kind = kind
        self.parameters = Workload.defaults(for: kind).merging(parameters) { _, given in given }
        self.textParameters = Workload.textDefaults(for: kind).merging(textParameters) { _, given in given }
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
        case .overload: ["ms": 300, "width": 2, "us": 20, "depth": 8, "classes": 5, "warm": 1]
        case .inversion: ["n": 20_000, "us": 20, "util": 80, "every": 50, "width": 1, "warm": 1]
        case .makespan: ["n": 2_000, "width": 2, "chains": 4, "length": 800, "us": 50, "seed": 42, "warm": 1]
        case .open: OpenLoopSpec.integerDefaults
        case .idle: ["ms": 1_000]
        case .replay: ReplaySpec.integerDefaults
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
        var givenText: [String: String] = [:]
        let known = Workload.defaults(for: kind)
        let knownText = Workload.textDefaults(for: kind)
        if parts.count == 2 {
            for pair in Workload.parameterPieces(parts[1]) {
                let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                // One grammar with the policies': a key given twice is refused, never "last wins".
                if kv.count == 2, given[kv[0]] != nil || givenText[kv[0]] != nil {
                    throw WorkloadParseError(message: "workload \(kind.rawValue): '\(kv[0])' given twice")
                }
                if kv.count == 2, knownText[kv[0]] != nil {
                    givenText[kv[0]] = try OpenLoopSpec.canonical(kv[0], kv[1])
                    continue
                }
                guard kv.count == 2, !kv[1].isEmpty else {
                    throw WorkloadParseError(message: "workload parameter '\(pair)' has no value: key=value")
                }
                guard let value = Int(kv[1]) else {
                    throw WorkloadParseError(message: "workload parameter '\(pair)' is not key=integer")
                }
                guard known[kv[0]] != nil else {
                    throw WorkloadParseError(
                        message: "workload \(kind.rawValue) has no parameter '\(kv[0])'; valid: "
                            + (Array(known.keys) + Array(knownText.keys)).sorted().joined(separator: ", "))
                }
                if let problem = Workload.kindRangeProblem(kind, kv[0], value) ?? Workload.rangeProblem(kv[0], value)
                    ?? WorkloadLimits.problem(kv[0], value)
                {
                    throw WorkloadParseError(message: "workload \(kind.rawValue): \(kv[0])=\(value) \(problem)")
                }
                given[kv[0]] = value
            }
        }
        self.init(kind: kind, parameters: given, textParameters: givenText)
        if let problem = combinedProblem()
            ?? WorkloadLimits.memoryProblem(operations: operationEstimate, edges: edgeEstimate)
        {
            throw WorkloadParseError(message: "workload \(kind.rawValue): \(problem)")
        }
    }

    /// Why `value` is no value for the parameter `key`, or nil: sizes and counts are at least 1,
    /// `width` is -1 (the queue's default) or at least 1, `us` and `edges` are not negative,
    /// `percent` is 0 to 100, `warm` is 0 or 1, `seed` is anything.
    static func rangeProblem(_ key: String, _ value: Int) -> String? {
        switch key {
        case "seed": return nil
        case "warm":
            return value == 0 || value == 1 ? nil : "must be 0 (workers start in the timed phase) or 1 (before it)"
        case "width": return value == -1 || value >= 1 ? nil : "must be -1 (the default width) or at least 1"
        case "us", "edges", "first": return value >= 0 ? nil : "cannot be negative"
        case "percent": return (0...100).contains(value) ? nil : "must be 0 to 100"
        case "classes": return (2...5).contains(value) ? nil : "must be 2 to 5 (priority levels)"
        case "util": return (1...100).contains(value) ? nil : "must be 1 to 100 (percent of the queue's capacity)"
        default: return value >= 1 ? nil : "must be at least 1"
        }
    }

    /// The integer parameter `key`, or 0 when the kind has no such parameter.
    public subscript(_ key: String) -> Int { parameters[key] ?? 0 }

    /// The operations a sample of this workload holds at most, from its parameters (each bounded by
    /// `WorkloadLimits`, so the product cannot overflow): what its memory is checked against.
    var operationEstimate: Int {
        switch kind {
        case .fanout: self["rounds"] * (self["k"] + 2)
        case .open: (try? OpenLoopSpec(self).count) ?? 0
        case .replay: (try? ReplaySpec(self).operationCount) ?? 0
        default: Swift.max(self["n"], 1)
        }
    }

    /// The dependency edges a sample of this workload holds at most: `dag`'s `edges` per node; every
    /// other workload has at most about one per operation, within ``operationEstimate``'s room.
    var edgeEstimate: Int { kind == .dag ? Swift.max(self["n"], 1) * self["edges"] : 0 }

    /// `n=100000;width=-1`: sorted, so equal workloads print equally (the CSV `params` column).
    public var parameterText: String {
        let all = parameters.mapValues(String.init).merging(textParameters) { number, _ in number }
        return all.keys.sorted().map { "\($0)=\(all[$0]!)" }.joined(separator: ";")
    }

    public var description: String { "\(kind.rawValue):\(parameterText)" }

    /// A small run of the same workload, done untimed in the sample's process before the measured
    /// one: it pays the process's first-use costs (runtime metadata and conformance caches, lazy
    /// globals, the first worker threads, first-touch page faults), which are not the queue's per
    /// operation cost and would otherwise land in the measured window.
    public var warmUp: Workload {
        var smaller: [String: Int] = [:]
        // `open`: a tenth of a second at the same rate (at least one arrival).
        if kind == .open { smaller["duration_ms"] = Swift.min(parameters["duration_ms"] ?? 1, 100) }
        if let n = parameters["n"] { smaller["n"] = Swift.min(n, 1_000) }
        // `replay`: its first 200 operations.
        if kind == .replay { smaller["first"] = 200 }
        if let rounds = parameters["rounds"] { smaller["rounds"] = Swift.min(rounds, 10) }
        if let milliseconds = parameters["ms"] { smaller["ms"] = Swift.min(milliseconds, 20) }
        return with(smaller)
    }

    /// The same workload with some parameters replaced.
    public func with(_ changes: [String: Int]) -> Workload {
        Workload(
            kind: kind, parameters: parameters.merging(changes) { _, new in new }, textParameters: textParameters)
    }
}

/// A workload specification that could not be read (an unknown name, key or value); its message is
/// the one line the command line prints.
public struct WorkloadParseError: Error, CustomStringConvertible, Equatable {
    /// What is wrong and what is valid, on one line, as the command line prints it.
    public let message: String
    public var description: String { message }

    /// `package`: the modules that read workloads further (the simulator's shapes) raise it too.
    package init(message: String) { self.message = message }
}
