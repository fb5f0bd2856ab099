import QueueLabCore

/// An implementation as the parent sees it: a name to pass to the sample process and what it can do.
public struct ImplementationInfo: Sendable, Hashable {
    public let name: String
    public let capabilities: QueueCapabilities
    /// Whether it is made with a scheduling policy (``BenchmarkPlan/policies`` apply to it). Said by
    /// whoever knows the policy seam (the command line), since this module does not.
    public let takesPolicy: Bool

    public init(name: String, capabilities: QueueCapabilities, takesPolicy: Bool = false) {
        self.name = name
        self.capabilities = capabilities
        self.takesPolicy = takesPolicy
    }

    public init(_ type: any OperationQueueing.Type) {
        self.init(type, takesPolicy: false)
    }

    public init(_ type: any OperationQueueing.Type, takesPolicy: Bool) {
        self.init(name: type.implementationName, capabilities: type.capabilities, takesPolicy: takesPolicy)
    }
}

/// A binary whose samples are collected: the current build by default; a gate runs two (base, head).
public struct BenchmarkVariant: Sendable, Hashable {
    public let name: String
    public let executable: String
    /// Extra environment for this variant's sample processes (for example the test-only slowdown).
    public let environment: [String: String]
    /// The commit the executable was built from, when whoever built it knows (a gate does); nil
    /// reads it from the checkout that holds the executable, `unknown` outside one.
    public let commit: String?

    public init(name: String, executable: String, environment: [String: String] = [:], commit: String? = nil) {
        self.name = name
        self.executable = executable
        self.environment = environment
        self.commit = commit
    }
}

/// In which order the cells of a round run. Either way every cell runs once per round, so drift in
/// the machine's speed hits all implementations alike.
public enum SampleOrder: String, Sendable, CaseIterable {
    /// A fresh seeded shuffle per round.
    case shuffled
    /// Forward on even rounds, backward on odd rounds (A B B A ...).
    case abba
}

/// Everything a benchmark run needs to know.
public struct BenchmarkPlan: Sendable {
    public var implementations: [ImplementationInfo]
    public var workloads: [Workload]
    /// Scheduling policies as full specifications (`aging:step=1ms`): each implementation that
    /// takes a policy runs every workload once per policy; empty: every queue with its own order.
    public var policies: [String] = []
    public var variants: [BenchmarkVariant]
    public var samples = 10
    public var warmupRounds = 1
    public var allocator = Allocator.system
    public var seed: UInt64 = 1
    public var order = SampleOrder.shuffled
    /// A sample process that runs longer is killed and reported.
    public var sampleTimeout: Duration = .seconds(120)
    /// Seconds the queue may take to drain inside a sample before it reports a stall.
    public var drainTimeoutSeconds = 60
    public var latencyEvery = SampleRunner.defaultLatencyEvery
    /// Timed phases per sample process (the median is reported); 1: one, as before.
    public var repetitions = 1
    /// With `--instructions`: run every sample under Callgrind and add `instructions_per_op`.
    public var callgrind: CallgrindSampling?
    /// With `--pin`: every sample process runs on these CPUs only.
    public var pinning: CPUPinning?
    /// Cap Foundation's dependency workloads (see ``WorkloadSuite/foundationCaps``).
    public var capFoundation = true

    public init(implementations: [ImplementationInfo], workloads: [Workload], variants: [BenchmarkVariant]) {
        self.implementations = implementations
        self.workloads = workloads
        self.variants = variants
    }
}

extension BenchmarkPlan {
    /// Every (variant, implementation, policy, workload) the plan samples, with Foundation's capped
    /// workloads sized down; and notes about the cells skipped (a missing capability) or capped.
    public func cells() -> (cells: [BenchmarkCell], notes: [String]) {
        var cells: [BenchmarkCell] = []
        var notes: Set<String> = []
        for variant in variants {
            for implementation in implementations {
                for workload in workloads {
                    var sized = workload
                    if capFoundation {
                        let (capped, note) = WorkloadSuite.sized(workload, for: implementation.name)
                        sized = capped
                        if let note { notes.insert(note) }
                    }
                    if let reason = sized.unsupportedReason(for: implementation.capabilities) {
                        notes.insert("\(implementation.name) skips \(sized): \(reason)")
                        continue
                    }
                    for policy in implementation.takesPolicy && !policies.isEmpty ? policies : [""] {
                        cells.append(
                            BenchmarkCell(
                                variant: variant.name, implementation: implementation.name, policy: policy,
                                workload: sized))
                    }
                }
            }
        }
        return (cells, notes.sorted())
    }
}

/// One (variant, implementation, policy, workload) combination: a column of samples.
public struct BenchmarkCell: Sendable, Hashable, CustomStringConvertible {
    public let variant: String
    public let implementation: String
    /// A full policy specification, or empty (the queue's own order).
    public let policy: String
    public let workload: Workload

    public init(variant: String, implementation: String, policy: String = "", workload: Workload) {
        self.variant = variant
        self.implementation = implementation
        self.policy = policy
        self.workload = workload
    }

    public var description: String { "\(variant) \(queueLabel) \(workload)" }

    /// `lock[aging:step=1ms]`, or the implementation's name without a policy.
    public var queueLabel: String { SampleRecord.queueLabel(implementation: implementation, policy: policy) }

    /// The ``SampleRecord/cellKey`` of this cell's samples.
    public var recordCellKey: String { "\(queueLabel) \(workload.kind.rawValue) \(workload.parameterText)" }
}
