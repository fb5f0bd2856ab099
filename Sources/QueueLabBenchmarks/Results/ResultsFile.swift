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
        "implementation", "workload", "params", "seed", "round",
    ]

    /// Every column, in order: metadata, then one column per ``Figure`` (empty when it does not apply).
    public static var header: [String] { metadataColumns + Figure.all.map(\.column) }

    public static func encode(_ records: [SampleRecord]) -> String {
        var lines = [CSVCodec.encodeRow(header)]
        for record in records {
            var fields = [
                record.timestamp, record.variant, record.gitCommit, record.host, String(record.cores),
                record.swiftVersion, record.buildConfiguration, record.allocator, record.implementation,
                record.workload, record.parameters, String(record.seed), String(record.round),
            ]
            fields += Figure.all.map { figure in record.figures[figure.column].map(format) ?? "" }
            lines.append(CSVCodec.encodeRow(fields))
        }
        return lines.joined(separator: "\n") + "\n"
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
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try Data(encode(records).utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ResultsFileError(path: path, line: 0, message: "cannot rename the written file into place: \(reason)")
        }
    }
}
