import QueueLabCore

/// Everything a traced run recorded: the transitions in causal order, the dependency edges, the
/// queues with their widths, which queue each operation was added to, and the bodies' own start and
/// end stamps. ``ChromeTraceBuilder`` draws it; ``RunExplanation`` explains it; the
/// `queuelab-transitions/1` text form (``writeTransitions(to:)``, ``readTransitions(from:)``) carries it between the two commands.
public struct RecordedRun: Sendable {
    /// One queue of the run.
    public struct QueueInfo: Sendable, Equatable {
        public var name: String
        /// `maxConcurrentOperationCount` as last set: -1 (the implementation chooses) is explained as
        /// a queue without a slot limit.
        public var width: Int

        public init(name: String, width: Int) {
            self.name = name
            self.width = width
        }
    }

    /// A body's own first and last clock reading (`MonotonicClock` nanoseconds).
    public struct BodySpan: Sendable, Equatable {
        public var start: UInt64
        public var end: UInt64

        public init(start: UInt64, end: UInt64) {
            self.start = start
            self.end = end
        }
    }

    /// In causal order (`StateTransition.sequence`).
    public var transitions: [StateTransition]
    /// Each operation's dependencies as they stood when it was added.
    public var dependencies: [OperationID: [OperationID]]
    /// In the order the run made them.
    public var queues: [QueueInfo]
    /// Index into ``queues``; an operation missing here was observed through no traced queue.
    public var queueOf: [OperationID: Int]
    /// The bodies that stamped themselves (the workloads' harness bodies, in a traced run).
    public var bodies: [OperationID: BodySpan]
    /// What was run: implementation, policy, workload, wall time.
    public var metadata: [String: String]

    public init(
        transitions: [StateTransition], dependencies: [OperationID: [OperationID]] = [:], queues: [QueueInfo] = [],
        queueOf: [OperationID: Int] = [:], bodies: [OperationID: BodySpan] = [:], metadata: [String: String] = [:]
    ) {
        self.transitions = transitions
        self.dependencies = dependencies
        self.queues = queues
        self.queueOf = queueOf
        self.bodies = bodies
        self.metadata = metadata
    }
}
