import QueueLabCore

/// An implementation as the parent sees it: a name to pass to the sample process and what it can do.
package struct ImplementationInfo: Sendable, Hashable {
    package let name: String
    package let capabilities: QueueCapabilities
    /// Whether it is made with a scheduling policy (``BenchmarkPlan/policies`` apply to it). Said by
    /// whoever knows the policy seam (the command line), since this module does not.
    package let takesPolicy: Bool

    package init(name: String, capabilities: QueueCapabilities, takesPolicy: Bool = false) {
        self.name = name
        self.capabilities = capabilities
        self.takesPolicy = takesPolicy
    }

    package init(_ type: any OperationQueueing.Type) {
        self.init(type, takesPolicy: false)
    }

    package init(_ type: any OperationQueueing.Type, takesPolicy: Bool) {
        self.init(name: type.implementationName, capabilities: type.capabilities, takesPolicy: takesPolicy)
    }
}

/// A binary whose samples are collected: the current build by default; a gate runs two (base, head).
package struct BenchmarkVariant: Sendable, Hashable {
    package let name: String
    package let executable: String
    /// Extra environment for this variant's sample processes (for example the test-only slowdown).
    package let environment: [String: String]
    /// The commit the executable was built from, when whoever built it knows (a gate does); nil
    /// reads it from the checkout that holds the executable, `unknown` outside one.
    package let commit: String?

    package init(name: String, executable: String, environment: [String: String] = [:], commit: String? = nil) {
        self.name = name
        self.executable = executable
        self.environment = environment
        self.commit = commit
    }
}

/// In which order the cells of a round run. Either way every cell runs once per round, so drift in
/// the machine's speed hits all implementations alike.
package enum SampleOrder: String, Sendable, CaseIterable {
    /// A fresh seeded shuffle per round.
    case shuffled
    /// Forward on even rounds, backward on odd rounds (A B B A ...).
    case abba
}

/// Everything a benchmark run needs to know.
package struct BenchmarkPlan: Sendable {
    package var implementations: [ImplementationInfo]
    package var workloads: [Workload]
    /// Scheduling policies as full specifications (`aging:step=1ms`): each implementation that
    /// takes a policy runs every workload once per policy; empty: every queue with its own order.
    package var policies: [String] = []
    package var variants: [BenchmarkVariant]
    package var samples = 10
    package var warmupRounds = 1
    package var allocator = Allocator.system
    package var seed: UInt64 = 1
    package var order = SampleOrder.shuffled
    /// A sample process that runs longer is killed and reported.
    package var sampleTimeout: Duration = .seconds(120)
    /// Seconds the queue may take to drain inside a sample before it reports a stall.
    package var drainTimeoutSeconds = 60
    package var latencyEvery = SampleRunner.defaultLatencyEvery
    /// Timed phases per sample process (the median is reported); 1: one, as before.
    package var repetitions = 1
    /// With `--instructions`: run every sample under Callgrind and add `instructions_per_op`.
    package var callgrind: CallgrindSampling?
    /// With `--pin`: every sample process runs on these CPUs only.
    package var pinning: CPUPinning?
    /// Cap Foundation's dependency workloads (see ``WorkloadSuite/foundationCaps``).
    package var capFoundation = true

    package init(implementations: [ImplementationInfo], workloads: [Workload], variants: [BenchmarkVariant]) {
        self.implementations = implementations
        self.workloads = workloads
        self.variants = variants
    }
}

extension BenchmarkPlan {
    /// Every (variant, implementation, policy, workload) the plan samples, with Foundation's capped
    /// workloads sized down; and notes about the cells skipped (a missing capability) or capped.
    package func cells() -> (cells: [BenchmarkCell], notes: [String]) {
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
package struct BenchmarkCell: Sendable, Hashable, CustomStringConvertible {
    package let variant: String
    package let implementation: String
    /// A full policy specification, or empty (the queue's own order).
    package let policy: String
    package let workload: Workload

    package init(variant: String, implementation: String, policy: String = "", workload: Workload) {
        self.variant = variant
        self.implementation = implementation
        self.policy = policy
        self.workload = workload
    }

    package var description: String { "\(variant) \(queueLabel) \(workload)" }

    /// `lock[aging:step=1ms]`, or the implementation's name without a policy.
    package var queueLabel: String { SampleRecord.queueLabel(implementation: implementation, policy: policy) }

    /// The ``SampleRecord/cellKey`` of this cell's samples.
    package var recordCellKey: String { "\(queueLabel) \(workload.kind.rawValue) \(workload.parameterText)" }
}
