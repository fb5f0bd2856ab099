import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The results CSV: schema, atomic writing and checked reading (specified in <doc:FileFormats>).
public enum ResultsFile {
    /// The columns before the figures, in CSV order: where and how each sample ran (``SampleRecord``'s
    /// fields but its figures).
    public static let metadataColumns = [
        "timestamp", "variant", "git_commit", "host", "cores", "swift_version", "build_config", "allocator",
        "implementation", "policy", "workload", "params", "seed", "round",
    ]

    /// Metadata columns added after CSVs were committed: a file without one still reads (as empty).
    public static let optionalMetadataColumns: Set<String> = ["policy"]

    /// `cores`: the processors a sample saw, at least one; at most the most a Linux kernel is built
    /// for (8,192), above `simulate --cores`'s 4,096.
    public static let coresRange = 1...8_192
    /// `round`: from 0, and below the rounds a week of `bench --until-detectable` (its longest
    /// budget) can take at one process of at least a millisecond a round, about 6 x 10^8.
    public static let roundRange = 0...1_000_000_000

    /// Every column, in order: metadata, then one column per ``Figure`` (empty when it does not apply).
    public static var header: [String] { metadataColumns + Figure.all.map(\.column) }

    /// The CSV text of `records`: the ``header`` line, then one line per record, each ending in a line
    /// break; a figure a record lacks is an empty field.
    public static func encode(_ records: [SampleRecord]) -> String {
        ([CSVCodec.encodeRow(header)] + records.map(encodeRow)).joined(separator: "\n") + "\n"
    }

    /// One record as a CSV row, without the line break.
    static func encodeRow(_ record: SampleRecord) -> String {
        var fields = [
            record.timestamp, record.variant, record.gitCommit, record.host, String(record.cores),
            record.swiftVersion, record.buildConfiguration, record.allocator, record.implementation,
            record.policy, record.workload, record.parameters, String(record.seed), String(record.round),
        ]
        fields += Figure.all.map { figure in record.figures[figure.column].map(format) ?? "" }
        return CSVCodec.encodeRow(fields)
    }

    /// Shortest text that reads back as the same Double.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
