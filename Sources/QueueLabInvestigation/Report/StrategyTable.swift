import Foundation
import QueueLabBenchmarks

/// One queue on one workload under several scheduling policies, side by side: the model of the
/// report's strategies view. Built from cells of one implementation and workload that differ only
/// in their `policy` column; the policies are known by their specifications alone.
package struct StrategyTable: Sendable {
    package let implementation: String
    package let workloadLabel: String
    /// The policy the throughput cost is measured against (`strict`), when the run has it.
    package let reference: String?
    package let rows: [StrategyRow]

    /// The tables of a run: one per implementation and workload that ran with at least two policies,
    /// in the run's cell order.
    package static func tables(_ cells: [ReportCell], reference: String) -> [StrategyTable] {
        let withPolicy = cells.filter { !$0.policy.isEmpty }
        var order: [String] = []
        var groups: [String: [ReportCell]] = [:]
        for cell in withPolicy {
            let key = "\(cell.implementation) \(cell.workload) \(cell.parameters)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(cell)
        }
        return order.compactMap { key in
            let group = groups[key]!
            guard group.count >= 2 else { return nil }
            let referenceCell = group.first { $0.policy == reference }
            let rows = group.map { StrategyRow($0, reference: referenceCell) }
            return StrategyTable(
                implementation: group[0].implementation, workloadLabel: group[0].workloadLabel,
                reference: referenceCell?.policy, rows: rows)
        }
    }

    /// Whether any row has per-class figures (the `priority` and `overload` workloads).
    package var hasClasses: Bool { rows.contains { !$0.classes.isEmpty } }

    /// Whether any row has makespan figures (the `makespan` workload).
    package var hasMakespan: Bool { rows.contains { $0.makespan != nil } }
}

/// One policy's figures in a ``StrategyTable``: medians over its samples.
package struct StrategyRow: Sendable {
    package let policy: String
    package let samples: Int
    package let throughput: MedianInterval?
    /// This policy's throughput over the reference policy's (Hodges-Lehmann on logs, 95 % interval);
    /// nil for the reference itself or without one.
    package let throughputRatio: HodgesLehmannRatio?
    /// The lowest class's longest wait: median over samples, and the worst sample.
    package let lowestClassLongestWait: Double?
    package let lowestClassWorstWait: Double?
    /// The bound a bounded-wait policy states for that wait (median over samples).
    package let waitBound: Double?
    package let jainIndex: Double?
    package let classes: [StrategyClass]
    /// `makespan`: the time to finish the graph, its lower bound and their ratio (medians over
    /// samples), and the worst sample's ratio.
    package let makespan: StrategyMakespan?

    init(_ cell: ReportCell, reference: ReportCell?) {
        policy = cell.policy
        samples = cell.records.count
        throughput = cell.interval("ops_per_s")
        if let reference, reference.policy != cell.policy {
            let base = reference.values("ops_per_s")
            let head = cell.values("ops_per_s")
            throughputRatio = base.isEmpty || head.isEmpty ? nil : HodgesLehmann.ratio(base, head)
        } else {
            throughputRatio = nil
        }
        let longest = cell.values("starvation_max_wait_ns")
        lowestClassLongestWait = longest.isEmpty ? nil : Median.of(longest)
        lowestClassWorstWait = longest.max()
        waitBound = Self.median(cell, "wait_bound_ns")
        jainIndex = Self.median(cell, "jain_index")
        classes = Figure.priorityClasses.compactMap { name in
            guard let p50 = Self.median(cell, "prio_\(name)_e2s_p50_ns") else { return nil }
            return StrategyClass(
                name: name, waitP50: p50, waitP99: Self.median(cell, "prio_\(name)_e2s_p99_ns"),
                waitMax: Self.median(cell, "prio_\(name)_e2s_max_ns"), share: Self.median(cell, "prio_\(name)_share"),
                weightShare: Self.median(cell, "prio_\(name)_weight_share"),
                throughput: Self.median(cell, "prio_\(name)_ops_per_s"))
        }
        makespan = Self.median(cell, "makespan_over_bound").map { ratio in
            StrategyMakespan(
                makespan: Self.median(cell, "makespan_ns"), bound: Self.median(cell, "makespan_bound_ns"),
                overBound: ratio, worstOverBound: cell.values("makespan_over_bound").max() ?? ratio)
        }
    }

    static func median(_ cell: ReportCell, _ column: String) -> Double? {
        let values = cell.values(column)
        return values.isEmpty ? nil : Median.of(values)
    }
}

/// One priority class under one policy: its waits, and its share of the starts against the share
/// its weight asks for (medians over samples).
package struct StrategyClass: Sendable {
    package let name: String
    package let waitP50: Double
    package let waitP99: Double?
    package let waitMax: Double?
    package let share: Double?
    package let weightShare: Double?
    package let throughput: Double?

    /// How far the share is from what the weight asks, as a fraction of the latter (0.05 = 5 %).
    package var shareDeviation: Double? {
        guard let share, let weightShare, weightShare > 0 else { return nil }
        return share / weightShare - 1
    }
}

/// One policy's `makespan` figures: medians over samples, in nanoseconds, and the ratio that is the
/// headline (1 = as fast as any schedule can be).
package struct StrategyMakespan: Sendable {
    package let makespan: Double?
    package let bound: Double?
    package let overBound: Double
    package let worstOverBound: Double
}
