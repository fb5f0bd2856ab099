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
        let count = started.count
        let span = Double(makespan)
        var figures: [String: Double] = [
            "operations": Double(count), "wall_s": span / 1e9, "latency_samples": Double(count),
            "peak_concurrency": Double(peakConcurrency),
        ]
        if span > 0 { figures["ops_per_s"] = Double(count) / (span / 1e9) }
        // A recording's operations taken cancelled ran no body: no latency, as a replay counts.
        let ran: [Int]
        if skipped.isEmpty {
            ran = Array(started.indices)
        } else {
            let without = Set(skipped)
            ran = started.indices.filter { !without.contains($0) }
        }
        figures["latency_samples"] = Double(ran.count)
        let waits = ran.map { started[$0] - enqueued[$0] }
        let bodies = ran.map { finished[$0] - started[$0] }
        let totals = ran.map { finished[$0] - enqueued[$0] }
        for (kind, values) in [("e2s", waits), ("s2f", bodies), ("e2f", totals)] {
            Self.addPercentiles(values, kind, into: &figures)
        }
        var byClass = [[UInt64]](repeating: [], count: Figure.priorityClasses.count)
        for (position, index) in ran.enumerated() { byClass[priorities[index].level].append(waits[position]) }
        for (level, name) in Figure.priorityClasses.enumerated() {
            let classWaits = byClass[level].sorted()
            guard !classWaits.isEmpty else { continue }
            figures["prio_\(name)_e2s_p50_ns"] = Double(Self.percentile(classWaits, 50))
            figures["prio_\(name)_e2s_p99_ns"] = Double(Self.percentile(classWaits, 99))
            figures["prio_\(name)_e2s_max_ns"] = Double(classWaits.last!)
        }
        if workload.kind == .makespan {
            let bound = Double(MakespanGraph(workload).bound(width: width))
            figures["makespan_ns"] = span
            figures["makespan_bound_ns"] = bound
            figures["makespan_over_bound"] = bound > 0 ? span / bound : 0
        }
        if workload.kind == .replay { figures["makespan_ns"] = span }
        if workload.kind == .overload, let until = shape.refillUntil {
            var starts = [Int](repeating: 0, count: Figure.priorityClasses.count)
            for index in started.indices where started[index] < until { starts[priorities[index].level] += 1 }
            figures.merge(
                OverloadClasses.figures(
                    startsInWindow: starts, levels: OverloadClasses.levels(count: workload["classes"]),
                    windowNanoseconds: until, weights: shareWeights)
            ) { _, new in new }
        }
        if workload.kind == .inversion {
            // As the workload reports them: the veryHigh operations' add to start, by its own ranks.
            let high = byClass[QueuePriority.veryHigh.level].sorted()
            if let last = high.last {
                figures["inversion_p50_ns"] = Double(high[(high.count - 1) / 2])
                figures["inversion_p99_ns"] = Double(high[(high.count - 1) * 99 / 100])
                figures["inversion_max_ns"] = Double(last)
            }
        }
        if workload.kind == .open, let arrivals = shape.arrivals {
            openFigures(arrivals, waits, totals, shape, width, &figures)
            // As bench: the closed form holds only for Poisson arrivals and exponential service.
            let markovian =
                workload.textParameters["arrivals"] == "poisson"
                && workload.textParameters["service"]?.hasPrefix("exp:") == true
            if !markovian { figures["theory_wait_ns"] = nil }
        }
        return figures
    }

    private func openFigures(
        _ arrivals: [UInt64], _ waits: [UInt64], _ totals: [UInt64], _ shape: SimulationShape, _ width: Int,
        _ figures: inout [String: Double]
    ) {
        let count = Double(arrivals.count)
        if let last = arrivals.last, last > 0 { figures["offered_ops_per_s"] = (count - 1) / (Double(last) / 1e9) }
        figures["a2s_mean_ns"] = waits.reduce(0.0) { $0 + Double($1) } / count
        Self.addPercentiles(waits, "a2s", into: &figures)
        Self.addPercentiles(totals, "a2f", into: &figures)
        let meanService = shape.durations.reduce(0.0) { $0 + Double($1) } / count
        figures["s2f_mean_ns"] = meanService
        figures["model_wait_ns"] = QueueingTheory.fcfsMeanWait(
            arrivals: arrivals, services: shape.durations, servers: width)
        if let rate = figures["offered_ops_per_s"],
            let wait = QueueingTheory.meanWait(arrivalRate: rate / 1e9, meanService: meanService, servers: width)
        {
            figures["theory_wait_ns"] = wait
        }
    }

    static func addPercentiles(_ values: [UInt64], _ kind: String, into figures: inout [String: Double]) {
        let sorted = values.sorted()
        guard let last = sorted.last else { return }
        for (name, percent) in percentiles { figures["\(kind)_\(name)_ns"] = Double(percentile(sorted, percent)) }
        figures["\(kind)_max_ns"] = Double(last)
    }

    /// Nearest rank of an ascending, non-empty list.
    static func percentile(_ sorted: [UInt64], _ percent: Double) -> UInt64 {
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
