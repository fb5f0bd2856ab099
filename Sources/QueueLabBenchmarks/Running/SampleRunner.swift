import Foundation
import Histogram
import QueueLabCore

/// Runs one sample in the current process: the workload on one implementation, with every figure.
public enum SampleRunner {
    /// Default share of operations whose latency is recorded (one in this many).
    public static let defaultLatencyEvery = 64

    /// Runs `workload` once on `implementation` (an existential metatype from the registry).
    ///
    /// With `warmUp` (the default), ``Workload/warmUp`` runs first, untimed, on a queue of its own.
    ///
    /// - Throws: ``SampleError``; `.unsupported` when the implementation lacks a capability.
    public static func run(
        _ implementation: any OperationQueueing.Type, workload: Workload, latencyEvery: Int = defaultLatencyEvery,
        drainTimeout: Duration = .seconds(60), warmUp: Bool = true, repetitions: Int = 1,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SampleError) -> SampleFigures {
        try run(
            queue: implementation, workload: workload, latencyEvery: latencyEvery, drainTimeout: drainTimeout,
            warmUp: warmUp, repetitions: repetitions, environment: environment)
    }

    /// The generic form of the `run` that takes an implementation type.
    public static func run<Queue: OperationQueueing>(
        queue: Queue.Type, workload: Workload, latencyEvery: Int = defaultLatencyEvery,
        drainTimeout: Duration = .seconds(60), warmUp: Bool = true, repetitions: Int = 1,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SampleError) -> SampleFigures {
        try run(
            recipe: QueueMaker(queue), workload: workload, latencyEvery: latencyEvery, drainTimeout: drainTimeout,
            warmUp: warmUp, repetitions: repetitions, environment: environment)
    }

    /// Runs `workload` once on queues made by `recipe` (with the policy it carries), as the `run`
    /// that takes an implementation type.
    public static func run<Recipe: QueueRecipe>(
        recipe: Recipe, workload: Workload, latencyEvery: Int = defaultLatencyEvery,
        drainTimeout: Duration = .seconds(60), warmUp: Bool = true, repetitions: Int = 1,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(SampleError) -> SampleFigures {
        if warmUp {
            try warmUpPhase(recipe, workload.warmUp, latencyEvery, drainTimeout, environment).awaitRelease()
        }
        guard repetitions > 1 else {
            return try timedPhase(recipe, workload, latencyEvery, drainTimeout, environment).figures
        }
        // Several timed phases in this one process (each on a fresh queue): the median by wall time
        // is the sample, and the spread of the phases' log wall times is recorded beside it.
        var phases: [SampleFigures] = []
        for _ in 0..<repetitions {
            let phase = try timedPhase(recipe, workload, latencyEvery, drainTimeout, environment)
            phase.leftovers.awaitRelease()
            phases.append(phase.figures)
        }
        return RepeatedPhases.summarise(phases)
    }

    /// The warm-up: the workload run untimed, uncounted, on a queue of its own.
    private static func warmUpPhase<Recipe: QueueRecipe>(
        _ recipe: Recipe, _ workload: Workload, _ latencyEvery: Int, _ drainTimeout: Duration,
        _ environment: [String: String]
    ) throws(SampleError) -> LeftoverWatch {
        let execution = makeExecution(recipe, workload, latencyEvery, drainTimeout, environment)
        _ = try execution.run()
        return LeftoverWatch(execution.harness)
    }

    /// One timed phase on a fresh queue, with every figure.
    static func timedPhase<Recipe: QueueRecipe>(
        _ recipe: Recipe, _ workload: Workload, _ latencyEvery: Int, _ drainTimeout: Duration,
        _ environment: [String: String]
    ) throws(SampleError) -> (figures: SampleFigures, leftovers: LeftoverWatch) {
        let execution = makeExecution(
            recipe, workload, latencyEvery, drainTimeout, environment, countsInstructions: true)
        let harness = execution.harness
        let usageBefore = ResourceUsage.now()
        let allocationsBefore = JemallocCounters.read()
        let outcome = try execution.run()
        let allocationsAfter = JemallocCounters.read()
        let usage = ResourceUsage.now().since(usageBefore)

        var values = outcome.extraFigures
        let operations = Double(outcome.operations)
        values["operations"] = operations
        values["wall_s"] = Double(outcome.wallNanoseconds) / 1e9
        values["ops_per_s"] = operations / (Double(Swift.max(outcome.wallNanoseconds, 1)) / 1e9)
        let latency = harness.recorder.merged()
        addLatency(latency, to: &values)
        if workload.kind != .cancel, let steady = steadyThroughput(harness.finishTimes(), operations: operations) {
            values["steady_ops_per_s"] = steady
        }
        if operations > 0 { values["cpu_ns_per_op"] = Double(harness.phaseCPUNanoseconds) / operations }
        values["user_cpu_s"] = usage.userSeconds
        values["sys_cpu_s"] = usage.systemSeconds
        values["voluntary_switches"] = Double(usage.voluntarySwitches)
        values["involuntary_switches"] = Double(usage.involuntarySwitches)
        values["maxrss_kb"] = Double(usage.maxResidentKilobytes)
        values["peak_concurrency"] = Double(harness.meter.peak)
        if let cpus = CPUAffinity.allowedCount() { values["cpus_allowed"] = Double(cpus) }
        if let before = allocationsBefore, let after = allocationsAfter, operations > 0 {
            let spent = after.since(before)
            values["allocs_per_op"] = Double(spent.allocations) / operations
            values["bytes_per_op"] = Double(spent.bytes) / operations
        }
        let figures = SampleFigures(
            values: values, buildConfiguration: SampleFigures.currentBuildConfiguration,
            allocator: allocationsBefore == nil ? "system" : "jemalloc")
        return (figures, LeftoverWatch(harness))
    }

    private static func makeExecution<Recipe: QueueRecipe>(
        _ recipe: Recipe, _ workload: Workload, _ latencyEvery: Int, _ drainTimeout: Duration,
        _ environment: [String: String], countsInstructions: Bool = false
    ) -> WorkloadExecution<Recipe.Queue> {
        let every = [.priority, .ping, .overload].contains(workload.kind) ? 1 : latencyEvery
        let harness = OperationHarness(
            operations: WorkloadExecution<Recipe.Queue>.operationCount(workload), latencyEvery: every,
            workNanoseconds: UInt64(Swift.max(0, workload["us"])) * 1_000,
            slowdownNanoseconds: TestSlowdown.nanosecondsFromEnvironment(environment))
        return WorkloadExecution(
            recipe: recipe, workload: workload, harness: harness, drainTimeout: drainTimeout,
            countsInstructions: countsInstructions)
    }

    /// Operations per second between the 10th and the 90th percentile of the sampled operations'
    /// finish times (ascending): the rate once every thread is running and before the queue drains,
    /// without the start-up of worker threads and the tail of the last operations that a
    /// start-to-drain wall time includes. Nil with fewer than 20 finishes (too few to place the
    /// percentiles), or for a workload whose operations do not all run (`cancel`: a cancelled
    /// operation records nothing; the caller leaves it out).
    static func steadyThroughput(_ finishTimes: [UInt64], operations: Double) -> Double? {
        guard finishTimes.count >= 20 else { return nil }
        let first = finishTimes[finishTimes.count / 10]
        let last = finishTimes[finishTimes.count * 9 / 10]
        guard last > first else { return nil }
        let share = Double(finishTimes.count * 9 / 10 - finishTimes.count / 10) / Double(finishTimes.count)
        return share * operations / (Double(last - first) / 1e9)
    }

    static func addLatency(_ latency: LatencyHistograms, to values: inout [String: Double]) {
        values["latency_samples"] = Double(latency.enqueueToFinish.totalCount)
        guard latency.enqueueToFinish.totalCount > 0 else { return }
        let kinds = [
            ("e2s", latency.enqueueToStart), ("s2f", latency.startToFinish), ("e2f", latency.enqueueToFinish),
        ]
        for (kind, histogram) in kinds {
            for (name, percentile) in Figure.percentiles {
                values["\(kind)_\(name)_ns"] = Double(histogram.valueAtPercentile(percentile))
            }
            values["\(kind)_max_ns"] = Double(histogram.max)
        }
        let classes = latency.enqueueToStartByLevel
        guard classes.contains(where: { $0.totalCount > 0 }) else { return }
        for (level, name) in Figure.priorityClasses.enumerated() where classes[level].totalCount > 0 {
            values["prio_\(name)_e2s_p50_ns"] = Double(classes[level].valueAtPercentile(50))
            values["prio_\(name)_e2s_p99_ns"] = Double(classes[level].valueAtPercentile(99))
            values["prio_\(name)_e2s_max_ns"] = Double(classes[level].max)
        }
        if let lowest = classes.first(where: { $0.totalCount > 0 }) {
            values["starvation_max_wait_ns"] = Double(lowest.max)
        }
    }
}
