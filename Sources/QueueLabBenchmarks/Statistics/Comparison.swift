/// One line of a comparison: a figure of a cell in base and head.
public struct ComparisonRow: Sendable {
    public let implementation: String
    public let workload: String
    public let parameters: String
    public let figure: Figure
    public let baseCount: Int
    public let headCount: Int
    public let baseMedian: Double
    public let headMedian: Double
    /// Head over base (Hodges-Lehmann on logs) with its 95 percent interval.
    public let ratio: HodgesLehmannRatio
    public let p: Double
    public let adjustedP: Double
    public let verdict: Verdict
}

/// Everything `queuelab compare` reports.
public struct ComparisonReport: Sendable {
    public let rows: [ComparisonRow]
    /// Cells of the base run that the head run lacks: their samples failed, hung or never ran, so
    /// nothing is known about them. A gate fails on these (`compare` exits 4).
    public let missingFromHead: [String]
    /// Cells only the head run has (a new workload or implementation): reported, not judged.
    public let onlyInHead: [String]
    public let rule: VerdictRule

    /// Cells found in only one of the files, saying which.
    public var unmatched: [String] {
        (missingFromHead.map { "\($0): only in base" } + onlyInHead.map { "\($0): only in head" }).sorted()
    }

    public var hasRegression: Bool { rows.contains { $0.verdict == .regression } }

    /// Every cell of the base run was measured in the head run.
    public var isComplete: Bool { missingFromHead.isEmpty }

    public func count(_ verdict: Verdict) -> Int { rows.filter { $0.verdict == verdict }.count }
}

public enum Comparison {
    /// Compares every cell present in both runs on `figures` (those present in both), correcting the
    /// p-values of all comparisons together with Holm's method.
    public static func compare(
        base: [SampleRecord], head: [SampleRecord], figures: [String] = Figure.judgedByDefault,
        rule: VerdictRule = VerdictRule()
    ) -> ComparisonReport {
        // Positions, not copies of the records: two 50 MB files hold 300,000 of them.
        let baseCells = Dictionary(grouping: base.indices, by: { base[$0].cellKey })
        let headCells = Dictionary(grouping: head.indices, by: { head[$0].cellKey })
        let shared = baseCells.keys.filter { headCells[$0] != nil }.sorted()
        let missingFromHead = baseCells.keys.filter { headCells[$0] == nil }.sorted()
        let onlyInHead = headCells.keys.filter { baseCells[$0] == nil }.sorted()
        struct Pending {
            let first: SampleRecord
            let figure: Figure
            let x: [Double]
            let y: [Double]
            let test: MannWhitneyResult
            let ratio: HodgesLehmannRatio
        }
        var pending: [Pending] = []
        for key in shared {
            let before = baseCells[key]!
            let after = headCells[key]!
            for column in figures {
                guard let figure = Figure.byColumn[column], figure.direction != .informational else { continue }
                let x = before.compactMap { base[$0].figures[column] }
                let y = after.compactMap { head[$0].figures[column] }
                guard !x.isEmpty, !y.isEmpty else { continue }
                pending.append(
                    Pending(
                        first: base[before[0]], figure: figure, x: x, y: y, test: MannWhitney.test(x, y),
                        ratio: HodgesLehmann.ratio(x, y)))
            }
        }
        let adjusted = Holm.adjust(pending.map(\.test.p))
        let rows = zip(pending, adjusted).map { item, adjustedP in
            let higherIsBetter = item.figure.direction == .higherIsBetter
            let worsening = higherIsBetter ? 1 / item.ratio.ratio : item.ratio.ratio
            let lower = higherIsBetter ? 1 / item.ratio.upper : item.ratio.lower
            let upper = higherIsBetter ? 1 / item.ratio.lower : item.ratio.upper
            return ComparisonRow(
                implementation: item.first.implementation, workload: item.first.workload,
                parameters: item.first.parameters, figure: item.figure, baseCount: item.x.count,
                headCount: item.y.count, baseMedian: Median.of(item.x), headMedian: Median.of(item.y),
                ratio: item.ratio, p: item.test.p, adjustedP: adjustedP,
                verdict: rule.forFigure(item.figure.column).verdict(
                    baseCount: item.x.count, headCount: item.y.count, worsening: worsening, lower: lower, upper: upper,
                    adjustedP: adjustedP))
        }
        return ComparisonReport(rows: rows, missingFromHead: missingFromHead, onlyInHead: onlyInHead, rule: rule)
    }
}

public enum Median {
    public static func of(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
