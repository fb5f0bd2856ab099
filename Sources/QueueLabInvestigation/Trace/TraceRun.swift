import QueueLabBenchmarks
import QueueLabCore

/// Runs one workload on one implementation with every transition recorded, and makes the trace.
public enum TraceRun {
    /// Sizes for a trace when the caller did not choose: a trace of a few hundred operations opens
    /// instantly in a viewer and still shows the shape of the workload (100k would be 400k events).
    public static let traceSizes: [WorkloadKind: [String: Int]] = [
        .noop: ["n": 200], .cpu: ["n": 200], .chain: ["n": 200], .fanout: ["k": 16, "rounds": 5],
        .dag: ["n": 300], .priority: ["n": 300], .cancel: ["n": 500], .async: ["n": 200],
        .producers: ["n": 400], .exclusive: ["n": 300], .ping: ["n": 200], .overload: ["ms": 10],
        .makespan: ["n": 300, "length": 120], .idle: ["ms": 50],
    ]

    /// Parses `text` like `queuelab bench --workload`, but with ``traceSizes`` for the parameters
    /// the text does not give.
    ///
    /// - Throws: `WorkloadParseError` listing the valid workloads or parameters.
    public static func workload(parsing text: String) throws(WorkloadParseError) -> Workload {
        let parsed = try Workload(parsing: text)
        let given = Set(
            text.split(separator: ":", maxSplits: 1).dropFirst().first.map { parameters in
                parameters.split(whereSeparator: { $0 == ";" || $0 == "," }).compactMap {
                    $0.split(separator: "=", maxSplits: 1).first.map(String.init)
                }
            } ?? [])
        let defaults = (traceSizes[parsed.kind] ?? [:]).filter { !given.contains($0.key) }
        return parsed.with(defaults)
    }

    /// Runs `workload` on `implementation` (capped for Foundation as the benchmark runner caps it) and
    /// returns the trace with a note when the workload was capped.
    ///
    /// - Throws: `SampleError` (unsupported workload, stall, queue error).
    public static func record<Queue: OperationQueueing>(
        queue implementation: Queue.Type, workload requested: Workload, drainTimeout: Duration = .seconds(60)
    ) throws(SampleError) -> (trace: ChromeTrace, note: String?) {
        try record(recipe: QueueMaker(implementation), workload: requested, drainTimeout: drainTimeout)
    }

    /// The same, with the queue made by `recipe` (with the policy it carries); the trace's metadata
    /// names the policy.
    public static func record<Recipe: QueueRecipe>(
        recipe: Recipe, workload requested: Workload, drainTimeout: Duration = .seconds(60)
    ) throws(SampleError) -> (trace: ChromeTrace, note: String?) {
        let (run, note) = try recordRun(recipe: recipe, workload: requested, drainTimeout: drainTimeout)
        return (ChromeTraceBuilder.build(run), note)
    }

    /// How long a trace waits, after the queue drained, for transitions still on their way.
    static let deliveryBound: Duration = .seconds(5)

    /// Runs `workload` with the queue made by `recipe` and returns everything recorded (what
    /// `trace --format transitions` writes and `explain` reads), with a note when the workload was capped.
    ///
    /// - Throws: `SampleError` (unsupported workload, stall, queue error).
    public static func recordRun<Recipe: QueueRecipe>(
        recipe: Recipe, workload requested: Workload, drainTimeout: Duration = .seconds(60)
    ) throws(SampleError) -> (run: RecordedRun, note: String?) {
        typealias Queue = Recipe.Queue
        let (workload, note) = WorkloadSuite.sized(requested, for: Queue.implementationName)
        let count = WorkloadExecution<Queue>.operationCount(workload)
        let log = TransitionLog(expectedTransitions: count * 4)
        let harness = OperationHarness(
            operations: count, latencyEvery: count + 1,
            workNanoseconds: UInt64(Swift.max(0, workload["us"])) * 1_000, bodyLog: log)
        let execution = WorkloadExecution(
            recipe: WrappedRecipe(base: recipe) { ObservedQueue(observing: $0, log: log) }, workload: workload,
            harness: harness,
            drainTimeout: drainTimeout)
        let outcome = try TraceSession.with(log) { () throws(SampleError) -> WorkloadOutcome in try execution.run() }
        var metadata = [
            "implementation": Queue.implementationName, "workload": workload.description,
            "wall_ms": String(Double(outcome.wallNanoseconds) / 1e6),
            "note": "the workload's first operation records the harness's one latency sample; its slice includes "
                + "setting up that thread's histograms (long in a debug build)",
        ]
        if let policy = recipe.policy { metadata["policy"] = policy.specification }
        // The queue drained, but its observer may still be delivering (actor: always a little
        // after): read the log once every added operation's `finished` arrived.
        let undelivered = log.awaitDeliveries(within: deliveryBound)
        if undelivered > 0 {
            metadata["undelivered"] =
                "\(undelivered) operations' finished transitions had not reached the trace "
                + "\(deliveryBound) after the queue drained"
        }
        return (log.recordedRun(metadata: metadata), note)
    }

    /// ``recordRun(recipe:workload:drainTimeout:)`` for a recipe chosen at run time.
    public static func recordRun(
        _ recipe: any QueueRecipe, workload: Workload, drainTimeout: Duration = .seconds(60)
    ) throws(SampleError) -> (run: RecordedRun, note: String?) {
        try recordRun(recipe: recipe, workload: workload, drainTimeout: drainTimeout)
    }

    /// The same, for an implementation chosen at run time (from the registry).
    public static func record(
        _ implementation: any OperationQueueing.Type, workload: Workload, drainTimeout: Duration = .seconds(60)
    ) throws(SampleError) -> (trace: ChromeTrace, note: String?) {
        try record(queue: implementation, workload: workload, drainTimeout: drainTimeout)
    }

    /// The same, for a recipe chosen at run time (`Implementations.recipe(named:policy:)`).
    public static func record(
        _ recipe: any QueueRecipe, workload: Workload, drainTimeout: Duration = .seconds(60)
    ) throws(SampleError) -> (trace: ChromeTrace, note: String?) {
        try record(recipe: recipe, workload: workload, drainTimeout: drainTimeout)
    }
}
