import Foundation

/// One queue on one workload under several scheduling policies, side by side: the model of the
/// report's strategies view. Built from cells of one implementation and workload that differ only
/// in their `policy` column; the policies are known by their specifications alone.
public struct StrategyTable: Sendable {
    public let implementation: String
    public let workloadLabel: String
    /// The policy the throughput cost is measured against (`strict`), when the run has it.
    public let reference: String?
    public let rows: [StrategyRow]

    /// The tables of a run: one per implementation and workload that ran with at least two policies,
    /// in the run's cell order.
    public static func tables(_ cells: [ReportCell], reference: String) -> [StrategyTable] {
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
    public var hasClasses: Bool { rows.contains { !$0.classes.isEmpty } }

    /// Whether any row has makespan figures (the `makespan` workload).
    public var hasMakespan: Bool { rows.contains { $0.makespan != nil } }
}

/// One policy's figures in a ``StrategyTable``: medians over its samples.
public struct StrategyRow: Sendable {
    public let policy: String
    public let samples: Int
    public let throughput: MedianInterval?
    /// This policy's throughput over the reference policy's (Hodges-Lehmann on logs, 95 % interval);
    /// nil for the reference itself or without one.
    public let throughputRatio: HodgesLehmannRatio?
    /// The lowest class's longest wait: median over samples, and the worst sample.
    public let lowestClassLongestWait: Double?
    public let lowestClassWorstWait: Double?
    /// The bound a bounded-wait policy states for that wait (median over samples).
    public let waitBound: Double?
    public let jainIndex: Double?
    public let classes: [StrategyClass]
    /// `makespan`: the time to finish the graph, its lower bound and their ratio (medians over
    /// samples), and the worst sample's ratio.
    public let makespan: StrategyMakespan?

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
public struct StrategyClass: Sendable {
    public let name: String
    public let waitP50: Double
    public let waitP99: Double?
    public let waitMax: Double?
    public let share: Double?
    public let weightShare: Double?
    public let throughput: Double?

    /// How far the share is from what the weight asks, as a fraction of the latter (0.05 = 5 %).
    public var shareDeviation: Double? {
        guard let share, let weightShare, weightShare > 0 else { return nil }
        return share / weightShare - 1
    }
}

/// One policy's `makespan` figures: medians over samples, in nanoseconds, and the ratio that is the
/// headline (1 = as fast as any schedule can be).
public struct StrategyMakespan: Sendable {
    public let makespan: Double?
    public let bound: Double?
    public let overBound: Double
    public let worstOverBound: Double
}
