import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The results CSV: schema, atomic writing and checked reading (documented in `results/README.md`).
public enum ResultsFile {
    public static let metadataColumns = [
        "timestamp", "variant", "git_commit", "host", "cores", "swift_version", "build_config", "allocator",
        "implementation", "policy", "workload", "params", "seed", "round",
    ]

    /// Metadata columns added after CSVs were committed: a file without one still reads (as empty).
    public static let optionalMetadataColumns: Set<String> = ["policy"]

    /// Every column, in order: metadata, then one column per ``Figure`` (empty when it does not apply).
    public static var header: [String] { metadataColumns + Figure.all.map(\.column) }

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

    /// Writes to a temporary file beside `path`, then renames it over `path`: a reader sees the old file
    /// or the whole new one, never a half row.
    public static func write(_ records: [SampleRecord], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        // Foundation's own errors print as raw NSError text: each failure gets a one-line message.
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ResultsFileError(path: directory.path, line: 0, message: "cannot create the directory")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let contents = Data(encode(records).utf8)
        // A run a signal is ending puts no target in place, and one being put in place is finished
        // (or its temporary removed) before the process ends.
        try LiveChildren.putInPlace { () throws(ResultsFileError) in
            guard FileManager.default.createFile(atPath: temporary.path, contents: contents) else {
                throw ResultsFileError(path: path, line: 0, message: "cannot write the file")
            }
            guard rename(temporary.path, url.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw ResultsFileError(
                    path: path, line: 0, message: "cannot rename the written file into place: \(reason)")
            }
        }
    }
}
