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

    /// Reads and checks a results file: the header must hold every column, every row as many fields
    /// as the header, every number must parse.
    ///
    /// - Throws: ``ResultsFileError`` naming the file, line and problem.
    public static func read(_ path: String) throws(ResultsFileError) -> [SampleRecord] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ResultsFileError(path: path, line: 0, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ResultsFileError(path: path, line: 0, message: "not UTF-8 text")
        }
        do {
            return try decode(text)
        } catch {
            var located = error
            located.path = path
            throw located
        }
    }

    public static func decode(_ text: String) throws(ResultsFileError) -> [SampleRecord] {
        let rows = try CSVCodec.decode(text)
        guard let headerRow = rows.first else { throw ResultsFileError(line: 1, message: "empty file: no header") }
        let columns = headerRow.fields
        var position: [String: Int] = [:]
        for (index, name) in columns.enumerated() { position[name] = index }
        if let missing = header.first(where: { position[$0] == nil }) {
            throw ResultsFileError(line: headerRow.line, message: "header lacks the column '\(missing)'")
        }
        return try rows.dropFirst().map { (line, fields) throws(ResultsFileError) in
            guard fields.count == columns.count else {
                throw ResultsFileError(
                    line: line, message: "row has \(fields.count) fields, the header \(columns.count) (truncated row?)")
            }
            return try record(fields, position: position, line: line)
        }
    }

    static func record(_ fields: [String], position: [String: Int], line: Int) throws(ResultsFileError) -> SampleRecord
    {
        func text(_ column: String) throws(ResultsFileError) -> String {
            let value = fields[position[column]!]
            guard !value.isEmpty else { throw ResultsFileError(line: line, message: "'\(column)' is empty") }
            return value
        }
        func integer<T: FixedWidthInteger>(_ column: String, _: T.Type) throws(ResultsFileError) -> T {
            let value = try text(column)
            guard let number = T(value) else {
                throw ResultsFileError(line: line, message: "'\(column)' is '\(value)', not an integer")
            }
            return number
        }
        var figures: [String: Double] = [:]
        for figure in Figure.all {
            let value = fields[position[figure.column]!]
            if value.isEmpty { continue }
            guard let number = Double(value), number.isFinite else {
                throw ResultsFileError(line: line, message: "'\(figure.column)' is '\(value)', not a number")
            }
            figures[figure.column] = number
        }
        return SampleRecord(
            timestamp: try text("timestamp"), variant: try text("variant"), gitCommit: try text("git_commit"),
            host: try text("host"), cores: try integer("cores", Int.self), swiftVersion: try text("swift_version"),
            buildConfiguration: try text("build_config"), allocator: try text("allocator"),
            implementation: try text("implementation"), workload: try text("workload"), parameters: try text("params"),
            seed: try integer("seed", UInt64.self), round: try integer("round", Int.self), figures: figures)
    }
}
