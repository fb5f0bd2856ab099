#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line of a comparison: a figure of a cell in base and head.
public struct ComparisonRow: Sendable {
    /// The implementation of the cell, as the results files name it.
    public let implementation: String
    /// The scheduling policy's specification, or empty (see ``SampleRecord/policy``).
    public let policy: String
    /// The workload kind of the cell.
    public let workload: String
    /// The workload's parameters, as the CSV `params` column writes them.
    public let parameters: String
    /// The figure compared.
    public let figure: Figure
    /// Samples of the base run compared: pairs when ``design`` is paired.
    public let baseCount: Int
    /// Samples of the head run compared: pairs (as many as ``baseCount``) when ``design`` is paired.
    public let headCount: Int
    /// The median of the figure over the base samples compared, in the figure's unit.
    public let baseMedian: Double
    /// The median of the figure over the head samples compared, in the figure's unit.
    public let headMedian: Double
    /// Head over base (Hodges-Lehmann on logs) with its 95 percent interval.
    public let ratio: HodgesLehmannRatio
    /// The row's p-value before correction: Wilcoxon signed-rank when paired, else Mann-Whitney U.
    public let p: Double
    /// ``p`` after Holm's correction over every row of the comparison: the one the verdict judges.
    public let adjustedP: Double
    /// The outcome for this figure of this cell.
    public let verdict: Verdict
    /// Paired by round (Wilcoxon signed-rank) or not (Mann-Whitney U); the counts are pairs when paired.
    public let design: ComparisonDesign
    /// The smallest change (a fraction: 0.12 = 12 %) this row would detect with 80 % power at the
    /// most conservative Holm level; infinite when it can detect none.
    public let detectable: Double
    /// Headline rows are the ones `--require-detectable` holds to: every cell's throughput.
    public var isHeadline: Bool { figure.column == Figure.headlineColumn }
    /// `lock` or `lock[aging:step=1ms]`.
    public var queueLabel: String { SampleRecord.queueLabel(implementation: implementation, policy: policy) }
    /// The ``SampleRecord/cellKey`` of the cell compared.
    public var cellKey: String { "\(queueLabel) \(workload) \(parameters)" }
}

/// How a row's samples were compared.
public enum ComparisonDesign: String, Sendable {
    /// Base and head by round, back to back: Wilcoxon signed-rank on per-round log ratios.
    case paired
    /// Two independent samples: Mann-Whitney U.
    case unpaired
}

/// Everything `queuelab compare` reports.
public struct ComparisonReport: Sendable {
    /// One row per cell present in both runs and figure judged, in cell order (the formats order them
    /// worst verdict first).
    public let rows: [ComparisonRow]
    /// Cells of the base run that the head run lacks: their samples failed, hung or never ran, so
    /// nothing is known about them. A gate fails on these (`compare` exits 4).
    public let missingFromHead: [String]
    /// Cells only the head run has (a new workload or implementation): reported, not judged.
    public let onlyInHead: [String]
    /// The rule the rows were judged by; a figure with a floor of its own was judged by
    /// ``VerdictRule/forFigure(_:)``.
    public let rule: VerdictRule

    /// Cells found in only one of the files, saying which.
    public var unmatched: [String] {
        (missingFromHead.map { "\($0): only in base" } + onlyInHead.map { "\($0): only in head" }).sorted()
    }

    /// Whether any row is a ``Verdict/regression``.
    public var hasRegression: Bool { rows.contains { $0.verdict == .regression } }

    /// Headline rows whose detectable effect exceeds `limit` (a fraction).
    public func undetectable(beyond limit: Double) -> [ComparisonRow] {
        rows.filter { $0.isHeadline && !($0.detectable <= limit) }
    }

    /// Every cell of the base run was measured in the head run.
    public var isComplete: Bool { missingFromHead.isEmpty }

    /// The number of rows whose verdict is `verdict`.
    public func count(_ verdict: Verdict) -> Int { rows.filter { $0.verdict == verdict }.count }
}

/// Comparing two runs' CSVs cell by cell: the statistics `queuelab compare` and the gate print.
public enum Comparison {
    /// Compares every cell present in both runs on `figures` (those present in both), paired by round
    /// where both CSVs come from one interleaved run (``PairedRounds``), correcting the p-values of
    /// all comparisons together with Holm's method (family-wise: a gate must not fail on noise in
    /// one of dozens of rows; Benjamini-Hochberg would allow a share of false alarms).
    /// `pairing: false` compares every cell unpaired (to see what pairing gains on the same data).
    /// `estimatingDetectable: false` leaves every row's detectable effect infinite without simulating
    /// it (a power check that runs thousands of comparisons needs only their p-values).
    public static func compare(
        base: [SampleRecord], head: [SampleRecord], figures: [String] = Figure.judgedByDefault,
        rule: VerdictRule = VerdictRule(), pairing: Bool = true, estimatingDetectable: Bool = true
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
            let design: ComparisonDesign
            let p: Double
            let ratio: HodgesLehmannRatio
            /// Paired log ratios, or the two samples' logs: what the detectable effect is computed from.
            let logs: (base: [Double], head: [Double], ratios: [Double])
        }
        var pending: [Pending] = []
        for key in shared {
            let before = baseCells[key]!
            let after = headCells[key]!
            for column in figures {
                guard let figure = Figure.byColumn[column], figure.direction != .informational else { continue }
                let first = base[before[0]]
                if pairing,
                    let pairs = PairedRounds.pairs(
                        base: before.map { base[$0] }, head: after.map { head[$0] }, column: column), !pairs.isEmpty
                {
                    let logBase = Logs.of(pairs.map(\.base), floorFrom: pairs.map(\.head))
                    let logHead = Logs.of(pairs.map(\.head), floorFrom: pairs.map(\.base))
                    let ratios = zip(logHead, logBase).map { $0 - $1 }
                    pending.append(
                        Pending(
                            first: first, figure: figure, x: pairs.map(\.base), y: pairs.map(\.head), design: .paired,
                            p: WilcoxonSignedRank.test(ratios).p, ratio: HodgesLehmann.pairedRatio(logRatios: ratios),
                            logs: ([], [], ratios)))
                    continue
                }
                let x = before.compactMap { base[$0].figures[column] }
                let y = after.compactMap { head[$0].figures[column] }
                guard !x.isEmpty, !y.isEmpty else { continue }
                pending.append(
                    Pending(
                        first: first, figure: figure, x: x, y: y, design: .unpaired, p: MannWhitney.test(x, y).p,
                        ratio: HodgesLehmann.ratio(x, y),
                        logs: (Logs.of(x, floorFrom: y), Logs.of(y, floorFrom: x), [])))
            }
        }
        let adjusted = Holm.adjust(pending.map(\.p))
        // Holm tests the smallest p at alpha / m: the level a row must reach when it is the only change.
        let strictestLevel = rule.alpha / Double(Swift.max(1, pending.count))
        let rows = zip(pending, adjusted).map { item, adjustedP in
            let higherIsBetter = item.figure.direction == .higherIsBetter
            let worsening = higherIsBetter ? 1 / item.ratio.ratio : item.ratio.ratio
            let lower = higherIsBetter ? 1 / item.ratio.upper : item.ratio.lower
            let upper = higherIsBetter ? 1 / item.ratio.lower : item.ratio.upper
            let detectable =
                !estimatingDetectable || item.x.count < rule.minimumSamples || item.y.count < rule.minimumSamples
                ? .infinity
                : item.design == .paired
                    ? DetectableEffect.paired(
                        logRatios: item.logs.ratios, alpha: strictestLevel, centre: log(item.ratio.ratio))
                    : DetectableEffect.unpaired(logBase: item.logs.base, logHead: item.logs.head, alpha: strictestLevel)
            return ComparisonRow(
                implementation: item.first.implementation, policy: item.first.policy, workload: item.first.workload,
                parameters: item.first.parameters, figure: item.figure, baseCount: item.x.count,
                headCount: item.y.count, baseMedian: Median.of(item.x), headMedian: Median.of(item.y),
                ratio: item.ratio, p: item.p, adjustedP: adjustedP,
                verdict: rule.forFigure(item.figure.column).verdict(
                    baseCount: item.x.count, headCount: item.y.count, worsening: worsening, lower: lower, upper: upper,
                    adjustedP: adjustedP), design: item.design, detectable: detectable)
        }
        return ComparisonReport(rows: rows, missingFromHead: missingFromHead, onlyInHead: onlyInHead, rule: rule)
    }
}

package enum Median {
    package static func of(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Logs of positive figures; a value at or below zero becomes half the smallest positive value of
/// both samples (as ``HodgesLehmann/ratio(_:_:confidence:)`` does), so a zero count stays finite.
enum Logs {
    static func of(_ values: [Double], floorFrom other: [Double]) -> [Double] {
        let smallest = (values + other).filter { $0 > 0 }.min() ?? 1
        return values.map { log(Swift.max($0, smallest / 2)) }
    }
}
