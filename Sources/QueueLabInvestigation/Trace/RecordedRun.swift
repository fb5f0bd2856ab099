import QueueLabCore

/// Everything a traced run recorded: the transitions in causal order, the dependency edges, the
/// queues with their widths, which queue each operation was added to, when the queue's add call that
/// added it was entered and returned, and the bodies' own start and end stamps. ``ChromeTraceBuilder``
/// draws it; ``RunExplanation`` explains it; the `queuelab-transitions/3` text form (``writeTransitions(to:)``, ``readTransitions(from:)``) carries it between the two commands.
public struct RecordedRun: Sendable {
    /// One queue of the run.
    public struct QueueInfo: Sendable, Equatable {
        /// The queue's name, as the run set it (the report shows it next to the queue's index).
        public var name: String
        /// `maxConcurrentOperationCount` as last set: -1 (the implementation chooses) is explained as
        /// a queue without a slot limit.
        public var width: Int
        /// When the queue was suspended, in order: operations ready then waited for the resume, not
        /// for the queue (`explain`'s `suspended` phase).
        public var suspensions: [Suspension]

        /// A queue of width `width` (`maxConcurrentOperationCount`), suspended during `suspensions`.
        public init(name: String, width: Int, suspensions: [Suspension] = []) {
            self.name = name
            self.width = width
            self.suspensions = suspensions
        }
    }

    /// From just after `isSuspended` was set to true until just before it was set to false
    /// (`MonotonicClock` nanoseconds; `until` is `UInt64.max` while it was never resumed): inside
    /// the queue was suspended for certain.
    public struct Suspension: Sendable, Equatable {
        /// Just after the queue was suspended, in nanoseconds.
        public var from: UInt64
        /// Just before the queue was resumed, in nanoseconds; `UInt64.max` when it never was.
        public var until: UInt64

        /// A suspension from `from` until `until` (`MonotonicClock` nanoseconds).
        public init(from: UInt64, until: UInt64) {
            self.from = from
            self.until = until
        }
    }

    /// A body's own first and last clock reading (`MonotonicClock` nanoseconds).
    public struct BodySpan: Sendable, Equatable {
        /// The body's first clock reading, in nanoseconds.
        public var start: UInt64
        /// The body's last clock reading, in nanoseconds.
        public var end: UInt64

        /// A body stamped at `start` and `end` (`MonotonicClock` nanoseconds).
        public init(start: UInt64, end: UInt64) {
            self.start = start
            self.end = end
        }
    }

    /// When the add call that handed an operation to its queue was entered and when it returned
    /// (`MonotonicClock` nanoseconds, stamped by the tracing wrapper around the queue). The operation's
    /// first transition lies inside it; what comes before is the queue's add path, which no transition
    /// shows. Every operation of one `addOperations` call carries the same call.
    public struct AddCall: Sendable, Equatable {
        /// When the producer entered the add call, in nanoseconds.
        public var entered: UInt64
        /// When the add call returned to the producer, in nanoseconds.
        public var returned: UInt64

        /// An add call entered at `entered` that returned at `returned` (`MonotonicClock` nanoseconds).
        public init(entered: UInt64, returned: UInt64) {
            self.entered = entered
            self.returned = returned
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
    /// The add calls that were stamped (every operation added through a traced queue; none in a
    /// `queuelab-transitions/1` file, which predates them).
    public var addCalls: [OperationID: AddCall]
    /// What was run: implementation, policy, workload, wall time.
    public var metadata: [String: String]

    /// A run of `transitions`, which must be in causal order, with whatever else was recorded of it;
    /// every part is kept as given.
    public init(
        transitions: [StateTransition], dependencies: [OperationID: [OperationID]] = [:], queues: [QueueInfo] = [],
        queueOf: [OperationID: Int] = [:], bodies: [OperationID: BodySpan] = [:],
        addCalls: [OperationID: AddCall] = [:], metadata: [String: String] = [:]
    ) {
        self.transitions = transitions
        self.dependencies = dependencies
        self.queues = queues
        self.queueOf = queueOf
        self.bodies = bodies
        self.addCalls = addCalls
        self.metadata = metadata
    }
}
