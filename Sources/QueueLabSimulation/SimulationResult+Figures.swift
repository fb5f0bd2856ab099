import QueueLabBenchmarks
import QueueLabCore

/// The figures of a simulated run, in the columns `bench` writes for the same workload.
extension SimulationResult {
    static let percentiles: [(String, Double)] = [("p50", 50), ("p90", 90), ("p99", 99), ("p999", 99.9)]

    /// Column -> value for `workload` run at `width`; `shareWeights` are the policy's (`overload`'s
    /// fairness is judged against them; nil: equal).
    public func figures(
        for workload: Workload, shape: SimulationShape, width: Int, shareWeights: [Int]? = nil
    ) -> [String: Double] {
        let tally = tally
        let count = tally.operations
        let span = Double(makespan)
        var figures: [String: Double] = [
            "operations": Double(count), "wall_s": span / 1e9,
            // A recording's operations taken cancelled ran no body: no latency, as a replay counts.
            "latency_samples": Double(tally.waits.total), "peak_concurrency": Double(peakConcurrency),
        ]
        if span > 0 { figures["ops_per_s"] = Double(count) / (span / 1e9) }
        for (kind, values) in [("e2s", tally.waits), ("s2f", tally.bodies), ("e2f", tally.totals)] {
            Self.addPercentiles(values, kind, into: &figures)
        }
        for (level, name) in Figure.priorityClasses.enumerated() {
            let classWaits = tally.classWaits[level]
            guard classWaits.total > 0 else { continue }
            figures["prio_\(name)_e2s_p50_ns"] = Double(classWaits.percentile(50))
            figures["prio_\(name)_e2s_p99_ns"] = Double(classWaits.percentile(99))
            figures["prio_\(name)_e2s_max_ns"] = Double(classWaits.maximum)
        }
        if workload.kind == .makespan {
            let bound = Double(MakespanGraph(workload).bound(width: width))
            figures["makespan_ns"] = span
            figures["makespan_bound_ns"] = bound
            figures["makespan_over_bound"] = bound > 0 ? span / bound : 0
        }
        if workload.kind == .replay { figures["makespan_ns"] = span }
        if workload.kind == .overload, let until = shape.refillUntil {
            figures.merge(
                OverloadClasses.figures(
                    startsInWindow: tally.startsInWindow, levels: OverloadClasses.levels(count: workload["classes"]),
                    windowNanoseconds: until, weights: shareWeights)
            ) { _, new in new }
        }
        if workload.kind == .inversion {
            // As the workload reports them: the veryHigh operations' add to start, by its own ranks.
            let high = tally.classWaits[QueuePriority.veryHigh.level]
            if high.total > 0 {
                figures["inversion_p50_ns"] = Double(high.value(atRank: (high.total - 1) / 2 + 1))
                figures["inversion_p99_ns"] = Double(high.value(atRank: (high.total - 1) * 99 / 100 + 1))
                figures["inversion_max_ns"] = Double(high.maximum)
            }
        }
        if workload.kind == .open, shape.hasArrivals {
            openFigures(tally, shape, width, &figures)
            // As bench: the closed form holds only for Poisson arrivals and exponential service.
            let markovian =
                workload.textParameters["arrivals"] == "poisson"
                && workload.textParameters["service"]?.hasPrefix("exp:") == true
            if !markovian { figures["theory_wait_ns"] = nil }
        }
        return figures
    }

    /// From the arrivals and durations in one pass (drawn again for an `open` shape: the run kept
    /// none), in the order and with the sums the lists gave.
    private func openFigures(
        _ tally: SimulationTally, _ shape: SimulationShape, _ width: Int, _ figures: inout [String: Double]
    ) {
        var last: UInt64 = 0
        var serviceTotal = 0.0
        var model = IdealFCFSQueue(servers: max(1, width))
        shape.forEachArrival { arrival, duration in
            last = arrival
            serviceTotal += Double(duration)
            model.arrive(at: arrival, service: duration)
        }
        let count = Double(model.arrivals)
        if last > 0 { figures["offered_ops_per_s"] = (count - 1) / (Double(last) / 1e9) }
        figures["a2s_mean_ns"] = tally.waits.sum / count
        Self.addPercentiles(tally.waits, "a2s", into: &figures)
        Self.addPercentiles(tally.totals, "a2f", into: &figures)
        let meanService = serviceTotal / count
        figures["s2f_mean_ns"] = meanService
        figures["model_wait_ns"] = width >= 1 ? model.meanWait : 0
        if let rate = figures["offered_ops_per_s"],
            let wait = QueueingTheory.meanWait(arrivalRate: rate / 1e9, meanService: meanService, servers: width)
        {
            figures["theory_wait_ns"] = wait
        }
    }

    static func addPercentiles(_ values: LatencyHistogram, _ kind: String, into figures: inout [String: Double]) {
        guard values.total > 0 else { return }
        for (name, percent) in percentiles { figures["\(kind)_\(name)_ns"] = Double(values.percentile(percent)) }
        figures["\(kind)_max_ns"] = Double(values.maximum)
    }
}
