/// Which way a figure gets better; decides whether a change is a regression or an improvement.
public enum FigureDirection: String, Sendable {
    case higherIsBetter
    case lowerIsBetter
    /// Describes the sample (operation count, concurrency reached); never judged.
    case informational
}

/// One measured figure: its CSV column and its direction.
public struct Figure: Sendable, Hashable {
    /// The CSV column (`ops_per_s`), unique among ``Figure/all``.
    public let column: String
    /// Which way the figure gets better; an ``FigureDirection/informational`` one is never judged.
    public let direction: FigureDirection
    /// What the figure measures, in a few words (`operations per second`), as reports show it.
    public let summary: String

    /// A figure with its CSV column, direction and summary. A column that is not one of
    /// ``Figure/all``'s has no place in results files: ``FigureValues`` drops its values.
    package init(_ column: String, _ direction: FigureDirection, _ summary: String) {
        self.column = column
        self.direction = direction
        self.summary = summary
    }
}

extension Figure {
    static let percentiles: [(String, Double)] = [("p50", 50), ("p90", 90), ("p99", 99), ("p999", 99.9)]
    static let latencyKinds = [("e2s", "enqueue to start"), ("s2f", "start to finish"), ("e2f", "enqueue to finish")]
    /// Priority classes in level order (`QueuePriority/level`).
    public static let priorityClasses = ["verylow", "low", "normal", "high", "veryhigh"]

    /// Every figure column, in CSV order.
    public static let all: [Figure] = {
        var figures: [Figure] = [
            Figure("operations", .informational, "operations run"),
            Figure("wall_s", .lowerIsBetter, "wall time of the workload"),
            Figure("ops_per_s", .higherIsBetter, "operations per second"),
        ]
        for (kind, text) in latencyKinds {
            for (name, _) in percentiles {
                figures.append(Figure("\(kind)_\(name)_ns", .lowerIsBetter, "\(text) \(name)"))
            }
            figures.append(Figure("\(kind)_max_ns", .lowerIsBetter, "\(text) max"))
        }
        figures += [
            Figure("latency_samples", .informational, "operations whose latency was recorded"),
            Figure("user_cpu_s", .lowerIsBetter, "user CPU (10 ms steps)"),
            Figure("sys_cpu_s", .lowerIsBetter, "system CPU (10 ms steps)"),
            Figure("voluntary_switches", .lowerIsBetter, "voluntary context switches"),
            Figure("involuntary_switches", .lowerIsBetter, "involuntary context switches"),
            Figure("maxrss_kb", .lowerIsBetter, "peak resident set size"),
            Figure("peak_concurrency", .informational, "most bodies running at once"),
            Figure("allocs_per_op", .lowerIsBetter, "allocations per operation (jemalloc only)"),
            Figure("bytes_per_op", .lowerIsBetter, "bytes allocated per operation (jemalloc only)"),
            Figure("efficiency", .higherIsBetter, "cpu: ideal time over wall time"),
        ]
        for level in priorityClasses {
            figures.append(Figure("prio_\(level)_e2s_p50_ns", .lowerIsBetter, "\(level) enqueue to start p50"))
            figures.append(Figure("prio_\(level)_e2s_p99_ns", .lowerIsBetter, "\(level) enqueue to start p99"))
        }
        figures.append(Figure("starvation_max_wait_ns", .lowerIsBetter, "longest wait of the lowest class"))
        // Last, so that CSVs written before they existed keep their column order.
        figures.append(
            Figure(
                "instructions_per_op", .lowerIsBetter,
                "instructions of the timed phase per operation, all threads (bench --instructions, Callgrind)"))
        figures += [
            Figure("repetitions", .informational, "timed phases in the sample process (bench --repetitions)"),
            Figure("repetition_log_sd", .informational, "standard deviation of the phases' log wall times"),
            Figure("timed_operations", .informational, "operations of all timed phases"),
            Figure(
                "steady_ops_per_s", .higherIsBetter,
                "operations per second between the 10th and the 90th percentile of finish times (no ramp-up, no drain)"),
            Figure("cpus_allowed", .informational, "CPUs the sample process could run on (bench --pin)"),
        ]
        figures += overloadFigures
        figures += openLoop
        figures += inversionFigures
        figures += makespanFigures
        figures += idleFigures
        figures.append(
            Figure(
                "cpu_ns_per_op", .lowerIsBetter,
                "CPU time of the timed phase per operation, all threads, in ns (CLOCK_PROCESS_CPUTIME_ID)"))
        figures.append(
            Figure(
                "warm_after_ns", .informational,
                "makespan, inversion, overload, open: until the queue's workers first ran side by side, before "
                    + "the timed phase (200 ms: they never did)"))
        return figures
    }()

    /// Per class: the longest wait (`priority`, `overload`); and `overload`'s shares of the starts,
    /// throughput per class, fairness and the stated wait bound.
    static let overloadFigures: [Figure] =
        priorityClasses.map { Figure("prio_\($0)_e2s_max_ns", .lowerIsBetter, "\($0) enqueue to start max") }
        + priorityClasses.map { Figure("prio_\($0)_share", .informational, "overload: \($0) share of the starts") }
        + priorityClasses.map { Figure("prio_\($0)_ops_per_s", .informational, "overload: \($0) starts per second") }
        + priorityClasses.map {
            Figure("prio_\($0)_weight_share", .informational, "overload: \($0) share its weight asks for (weighted)")
        }
        + [
            Figure(
                "jain_index", .higherIsBetter,
                "overload: Jain's fairness index over each class's share divided by its weight (1 = as weighted)"),
            Figure(
                "wait_bound_ns", .informational,
                "overload: the policy's stated bound on the lowest class's wait (bounded-wait policies only)"),
        ]

    /// `inversion`: the `veryHigh` operations' add-to-finish times (each waits for a `veryLow` one).
    static let inversionFigures: [Figure] = [
        Figure("inversion_p50_ns", .lowerIsBetter, "inversion: veryHigh (waiting for a veryLow) add to finish p50"),
        Figure("inversion_p99_ns", .lowerIsBetter, "inversion: veryHigh (waiting for a veryLow) add to finish p99"),
        Figure("inversion_max_ns", .lowerIsBetter, "inversion: veryHigh (waiting for a veryLow) add to finish max"),
    ]

    /// `makespan`: the time to finish a DAG against the lower bound of any schedule of it.
    static let makespanFigures: [Figure] = [
        Figure("makespan_ns", .lowerIsBetter, "makespan: resume to the last finish"),
        Figure(
            "makespan_bound_ns", .informational,
            "makespan: max(total work / width, longest path's work), from the graph built"),
        Figure("makespan_over_bound", .lowerIsBetter, "makespan over its lower bound (1 = perfect)"),
        Figure(
            "add_ns", .informational,
            "makespan: mean add call to the suspended queue (the simulator's producer cost per add)"),
        Figure(
            "make_ns", .informational,
            "makespan: mean cost of making one operation (the simulator's producer cost per operation)"),
        Figure(
            "edge_ns", .informational,
            "makespan: mean addDependency call (the simulator's producer cost per edge it makes)"),
        Figure(
            "parallel_after_ns", .informational,
            "makespan at width 2 or more: resume until two bodies first ran at once (the simulator's spawn_ns)"),
    ]

    /// `idle`: the CPU an empty queue burns and the threads it keeps, and those left once it is
    /// released. Foundation and Dispatch share Dispatch's process-wide thread pool, whose threads
    /// outlive any one queue: theirs can stay above zero for reasons not of the queue.
    static let idleFigures: [Figure] = [
        Figure("idle_user_cpu_s", .lowerIsBetter, "idle: user CPU of the process over the idle interval (getrusage)"),
        Figure("idle_sys_cpu_s", .lowerIsBetter, "idle: system CPU of the process over the idle interval (getrusage)"),
        Figure("idle_threads", .lowerIsBetter, "idle: threads above the count before the queue, at the interval's end"),
        Figure(
            "threads_left_after_free", .lowerIsBetter,
            "idle: threads above the count before the queue, 2 s at most after its release (0 is good; "
                + "Foundation's and Dispatch's are the shared pool's)"),
    ]

    /// Figures added after CSVs were committed: a file without their column still reads.
    public static let optionalColumns: Set<String> = Set(
        [
            "instructions_per_op", "repetitions", "repetition_log_sd", "timed_operations", "steady_ops_per_s",
            "cpus_allowed", "cpu_ns_per_op", "warm_after_ns",
        ] + overloadFigures.map(\.column)
    ).union(openLoop.map(\.column)).union(inversionFigures.map(\.column)).union(makespanFigures.map(\.column))
        .union(idleFigures.map(\.column))

    /// Every figure of ``all``, by its CSV column.
    public static let byColumn: [String: Figure] = Dictionary(uniqueKeysWithValues: all.map { ($0.column, $0) })

    /// Column -> position in ``all``.
    static let index: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.column, $0) })

    /// Figures that a run that happened cannot have at zero: its time, and operations over that time.
    public static let strictlyPositive: Set<String> = ["wall_s", "ops_per_s", "steady_ops_per_s"]

    /// Why `value` cannot be a measurement of this figure, or nil when it can. Every figure is a time,
    /// a count, a rate or a ratio of them: none is negative.
    public func rangeProblem(_ value: Double) -> String? {
        if Figure.strictlyPositive.contains(column) && value <= 0 { return "must be above zero" }
        if value < 0 { return "cannot be negative" }
        return nil
    }

    /// The figure of a cell that `compare --require-detectable` holds to: throughput, the figure
    /// every workload has and the one the performance targets (results/README.md) are mostly stated in.
    public static let headlineColumn = "ops_per_s"

    /// The figures `compare` judges by default: throughput, typical and tail latency, the
    /// deterministic allocation counters, and CPU time per operation, which a loaded machine moves
    /// less than wall time (results/gate/cpu-channel). Maxima and getrusage's 10 ms
    /// CPU steps are too noisy to gate on. A figure a file lacks (a CSV older than it) is skipped.
    public static let judgedByDefault = [
        "ops_per_s", "e2f_p50_ns", "e2f_p99_ns", "allocs_per_op", "bytes_per_op", "starvation_max_wait_ns",
        "instructions_per_op", "saturation_ops_per_s", "cpu_ns_per_op",
    ]

    /// Figures judged against their own practical floor instead of `--threshold`: deterministic
    /// counts that machine noise does not move, so a small change is real (rustc-perf and
    /// iai-callgrind gate instruction counts at about 1 percent). Measured run-to-run spread of
    /// `instructions_per_op`: `results/README.md`.
    public static let ownThresholds: [String: Double] = ["instructions_per_op": 0.02]
}
