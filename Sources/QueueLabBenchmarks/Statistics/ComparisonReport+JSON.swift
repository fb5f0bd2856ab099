import Foundation

/// `queuelab compare --format json`: every row with what the text table shows and more (both
/// p-values, the interval's ends, the direction), for scripts that must not parse a table. The
/// schema is specified in <doc:FileFormats>; `schema` names its version, raised when a field
/// changes meaning or goes away (new fields do not raise it).
public struct ComparisonDocument: Codable, Sendable, Equatable {
    /// The schema this QueueLab writes and the only one it reads.
    public static let schemaVersion = "queuelab-compare/1"

    /// The rule the verdicts were judged by: the regression threshold, the band read as SAME, the
    /// significance level and the fewest samples a side.
    public struct Rule: Codable, Sendable, Equatable {
        /// The practical floor, a fraction: 0.10 means a change under 10 percent is never a regression.
        public let threshold: Double
        /// The margin, a fraction, that a row's interval must lie within to be SAME (the threshold when
        /// no other was given).
        public let sameWithin: Double
        /// The family-wise significance level, after Holm's correction.
        public let alpha: Double
        /// The fewest samples (or pairs) a side for a row to be judged; below it the row is INCONCLUSIVE.
        public let minimumSamples: Int
    }

    /// One run's side of a row: how many samples it had and their median.
    public struct Side: Codable, Sendable, Equatable {
        /// Samples, or pairs when the design is paired.
        public let count: Int
        /// The median of the figure over those samples, in the figure's unit.
        public let median: Double
    }

    /// The interval of a row's head-over-base ratio, at its confidence level.
    public struct Interval: Codable, Sendable, Equatable {
        /// The interval's lower end.
        public let lower: Double
        /// The interval's upper end.
        public let upper: Double
        /// The coverage asked for (0.95); the interval's true coverage is at least that.
        public let confidence: Double
    }

    /// One compared figure of one cell: what the text table's row shows, and the numbers behind it.
    public struct Row: Codable, Sendable, Equatable {
        /// The implementation of the cell, as the results files name it.
        public let implementation: String
        /// The scheduling policy's specification, or empty without one.
        public let policy: String
        /// `lock` or `lock[aging:step=1ms]`, as the text table names the queue.
        public let queue: String
        /// The workload kind of the cell.
        public let workload: String
        /// The workload's parameters, as the CSV `params` column writes them.
        public let parameters: String
        /// The CSV column judged (`ops_per_s`).
        public let figure: String
        /// `higherIsBetter` or `lowerIsBetter`.
        public let direction: String
        /// The cell's throughput row, the one `--require-detectable` holds to.
        public let headline: Bool
        /// `paired` or `unpaired`.
        public let design: String
        /// The base run's samples of the figure: their count and median.
        public let base: Side
        /// The head run's samples of the figure: their count and median.
        public let head: Side
        /// Head over base (Hodges-Lehmann), in the figure's own units: above 1 is larger.
        public let ratio: Double
        /// The interval of the ratio.
        public let interval: Interval
        /// The row's p-value before correction: Wilcoxon signed-rank when paired, else Mann-Whitney U.
        public let p: Double
        /// After Holm's correction over every row of the comparison.
        public let pHolm: Double
        /// REGRESSION, IMPROVEMENT, SAME or INCONCLUSIVE.
        public let verdict: String
        /// The smallest change (a fraction) detected with 80 % power; null when none can be.
        public let detectable: Double?
    }

    /// The document's schema version, ``schemaVersion``.
    public let schema: String
    /// The one line `--format summary` prints.
    public let summary: String
    /// The table's headline: `no regression`, `REGRESSION`, `NOT MEASURED: ...` or
    /// `not enough evidence: ...`.
    public let headline: String
    /// How the rows were judged.
    public let rule: Rule
    /// Rows per verdict, every verdict present (0 when none).
    public let counts: [String: Int]
    /// One row per cell and figure compared, worst verdict first.
    public let rows: [Row]
    /// Cells of the base run that the head run lacks, by ``SampleRecord/cellKey``: not measured
    /// (`compare` exits 4).
    public let missingFromHead: [String]
    /// Cells only the head run has, by ``SampleRecord/cellKey``: reported, not judged.
    public let onlyInHead: [String]
    /// What each channel present can and cannot see (the lines under the text table).
    public let notes: [String]

    /// snake_case keys, sorted, so that equal reports print byte for byte equally.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A degenerate row (a figure that was zero on both sides) must not fail the whole report.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    /// The decoder ``read(_:)`` uses: snake_case keys, and the strings `"inf"`, `"-inf"` and `"nan"`
    /// read back as numbers. A document of another schema is refused with it too.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}

extension ComparisonDocument {
    /// Decodes a document of ``schemaVersion`` only. A field of another version may mean another
    /// thing under the same name, so a document that names another schema, or none, is refused
    /// before any of its fields is read. In an extension, so that the memberwise init stays.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let schema = try container.decode(String.self, forKey: .schema)
        guard schema == Self.schemaVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .schema, in: container,
                debugDescription: "schema \(schema) is not \(Self.schemaVersion), the one this QueueLab reads")
        }
        self.init(
            schema: schema, summary: try container.decode(String.self, forKey: .summary),
            headline: try container.decode(String.self, forKey: .headline),
            rule: try container.decode(Rule.self, forKey: .rule),
            counts: try container.decode([String: Int].self, forKey: .counts),
            rows: try container.decode([Row].self, forKey: .rows),
            missingFromHead: try container.decode([String].self, forKey: .missingFromHead),
            onlyInHead: try container.decode([String].self, forKey: .onlyInHead),
            notes: try container.decode([String].self, forKey: .notes))
    }
}

extension ComparisonReport {
    /// The report as `compare --format json` writes it: rows worst verdict first, an infinite
    /// detectable effect as nil.
    public var document: ComparisonDocument {
        ComparisonDocument(
            schema: ComparisonDocument.schemaVersion, summary: summaryLine, headline: headline,
            rule: .init(
                threshold: rule.threshold, sameWithin: rule.margin, alpha: rule.alpha,
                minimumSamples: rule.minimumSamples),
            counts: Dictionary(uniqueKeysWithValues: Verdict.allCases.map { ($0.rawValue, count($0)) }),
            rows: orderedRows.map { row in
                ComparisonDocument.Row(
                    implementation: row.implementation, policy: row.policy, queue: row.queueLabel,
                    workload: row.workload, parameters: row.parameters, figure: row.figure.column,
                    direction: row.figure.direction.rawValue, headline: row.isHeadline, design: row.design.rawValue,
                    base: .init(count: row.baseCount, median: row.baseMedian),
                    head: .init(count: row.headCount, median: row.headMedian), ratio: row.ratio.ratio,
                    interval: .init(lower: row.ratio.lower, upper: row.ratio.upper, confidence: row.ratio.confidence),
                    p: row.p, pHolm: row.adjustedP, verdict: row.verdict.rawValue,
                    detectable: row.detectable.isFinite ? row.detectable : nil)
            }, missingFromHead: missingFromHead, onlyInHead: onlyInHead, notes: ChannelVisibility.lines(for: rows))
    }

    /// The document as JSON text. The detectable effect is null when infinite; any other number
    /// that is not finite (a degenerate row) is the string "inf", "-inf" or "nan".
    public func json() throws -> String {
        String(decoding: try ComparisonDocument.encoder().encode(document), as: UTF8.self)
    }

    /// The rows as the text table orders them: worst verdict first, then queue and workload.
    var orderedRows: [ComparisonRow] {
        rows.sorted { ($0.verdict, $0.queueLabel, $0.workload) < ($1.verdict, $1.queueLabel, $1.workload) }
    }

    /// One line for a CI annotation: the headline, the verdict counts, and the first regressions
    /// (or, without any, the first INCONCLUSIVE rows) with their ratio and interval.
    public var summaryLine: String {
        let counts = Verdict.allCases.map { "\(count($0)) \($0.rawValue)" }.joined(separator: ", ")
        var line = "QueueLab compare: \(headline); \(rows.count) rows: \(counts)"
        let named = rows.contains { $0.verdict == .regression } ? Verdict.regression : .inconclusive
        let shown = orderedRows.filter { $0.verdict == named }
        if !shown.isEmpty {
            let listed = shown.prefix(Self.summaryRowLimit).map {
                "\($0.cellKey) \($0.figure.column) \(FigureFormat.ratio($0.ratio.ratio))x "
                    + "[\(FigureFormat.ratio($0.ratio.lower)), \(FigureFormat.ratio($0.ratio.upper))]"
            }
            let more = shown.count > Self.summaryRowLimit ? " and \(shown.count - Self.summaryRowLimit) more" : ""
            line += "; \(named.rawValue): \(listed.joined(separator: "; "))\(more)"
        }
        return line
    }

    /// An annotation is read at a glance: three rows, then a count.
    static let summaryRowLimit = 3
}
