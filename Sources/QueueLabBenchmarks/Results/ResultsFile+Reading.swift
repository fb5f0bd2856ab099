import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ResultsFile {
    /// Bytes read at a time: the file is parsed as it is read, never held whole.
    static let readChunkSize = 1 << 20
    /// The largest results file read: a million samples of today's columns take about a gigabyte,
    /// and a stream past it (a device, a pipe that never ends) is refused, not read to the end.
    public static let maximumFileBytes = 1 << 30

    /// Reads and checks a results file: the header must hold every column, every row as many fields
    /// as the header, every number must be a decimal in its figure's range, and the file must end
    /// with a line break (a last row without one was cut short: a number in it may be cut too).
    ///
    /// - Parameters:
    ///   - path: the CSV file.
    ///   - keeping: the figure columns to keep in the records (every one is still checked); nil
    ///     keeps all. `compare` keeps only those it judges.
    /// - Throws: ``ResultsFileError`` naming the file, line and problem.
    /// - Complexity: memory proportional to the records kept (a few hundred bytes each), not the file.
    public static func read(_ path: String, keeping: Set<String>? = nil) throws(ResultsFileError) -> [SampleRecord] {
        guard let file = fopen(path, "rb") else {
            throw ResultsFileError(
                path: path, line: 0, message: "cannot read the file: \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var decoder = RecordDecoder(keeping: keeping)
        var chunk = [UInt8](repeating: 0, count: readChunkSize)
        var total = 0
        do throws(ResultsFileError) {
            while true {
                let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, readChunkSize, file) }
                total += count
                if total > maximumFileBytes {
                    throw ResultsFileError(line: 0, message: "larger than 1 GiB: not a results CSV of this tool")
                }
                if count == 0 {
                    if ferror(file) != 0 {
                        throw ResultsFileError(
                            line: 0, message: "cannot read the file: \(String(cString: strerror(errno)))")
                    }
                    break
                }
                var failure: ResultsFileError?
                chunk.withUnsafeBytes { buffer in
                    do throws(ResultsFileError) {
                        try decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                    } catch { failure = error }
                }
                if let failure { throw failure }
            }
            return try decoder.finish()
        } catch {
            var located = error
            located.path = path
            throw located
        }
    }

    /// Decodes a whole results file held as text (see ``read(_:keeping:)`` for the checks).
    public static func decode(_ text: String, keeping: Set<String>? = nil) throws(ResultsFileError) -> [SampleRecord] {
        var decoder = RecordDecoder(keeping: keeping)
        var failure: ResultsFileError?
        Array(text.utf8).withUnsafeBytes { buffer in
            do throws(ResultsFileError) { try decoder.feed(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
        return try decoder.finish()
    }
}

/// Turns CSV rows into checked ``SampleRecord``s as they arrive.
struct RecordDecoder {
    /// Per figure of ``Figure/all``: kept in the records, or only checked.
    private let kept: [Bool]
    private var reader = CSVRowReader()
    private var columns: [String]?
    private var position: [String: Int] = [:]
    private var records: [SampleRecord] = []
    /// Metadata strings repeat on every row: one copy of each is kept and shared.
    private var pool = Set<String>()

    init(keeping: Set<String>? = nil) {
        kept = Figure.all.map { keeping?.contains($0.column) ?? true }
    }

    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(ResultsFileError) {
        var rows: [CSVRowReader.Row] = []
        try reader.feed(bytes) { rows.append($0) }
        for row in rows { try take(row) }
    }

    mutating func finish() throws(ResultsFileError) -> [SampleRecord] {
        let endedWithLineBreak = reader.endsWithLineBreak
        if let last = try reader.finish() {
            try take(last)
            if !endedWithLineBreak {
                throw ResultsFileError(
                    line: last.line, message: "the last row ends without a line break (truncated file?)")
            }
        }
        guard columns != nil else { throw ResultsFileError(line: 1, message: "empty file: no header") }
        return records
    }

    private mutating func take(_ row: CSVRowReader.Row) throws(ResultsFileError) {
        guard let columns else {
            // Columns are found by name: a name given twice would leave one of its values unread.
            for (index, name) in row.fields.enumerated() {
                if let first = position[name] {
                    throw ResultsFileError(
                        line: row.line,
                        message: "header names the column '\(name)' twice (fields \(first + 1) and \(index + 1))")
                }
                position[name] = index
            }
            // A figure added after a file was written is simply absent from it, not a defect.
            let required = ResultsFile.header.filter {
                !Figure.optionalColumns.contains($0) && !ResultsFile.optionalMetadataColumns.contains($0)
            }
            if let missing = required.first(where: { position[$0] == nil }) {
                throw ResultsFileError(line: row.line, message: "header lacks the column '\(missing)'")
            }
            self.columns = row.fields
            return
        }
        guard row.fields.count == columns.count else {
            throw ResultsFileError(
                line: row.line,
                message: "row has \(row.fields.count) fields, the header \(columns.count) (truncated row?)")
        }
        records.append(try record(row.fields, line: row.line))
    }

    private mutating func record(_ fields: [String], line: Int) throws(ResultsFileError) -> SampleRecord {
        func text(_ column: String) throws(ResultsFileError) -> String {
            let value = fields[position[column]!]
            guard !value.isEmpty else { throw ResultsFileError(line: line, message: "'\(column)' is empty") }
            return pool.insert(value).memberAfterInsert
        }
        func integer<T: FixedWidthInteger>(_ column: String, _: T.Type) throws(ResultsFileError) -> T {
            let value = try text(column)
            guard let number = T(value) else {
                throw ResultsFileError(line: line, message: "'\(column)' is '\(value)', not an integer")
            }
            return number
        }
        func integer(_ column: String, in range: ClosedRange<Int>) throws(ResultsFileError) -> Int {
            let number = try integer(column, Int.self)
            guard range.contains(number) else {
                throw ResultsFileError(
                    line: line, message: "'\(column)' is \(number), not \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        /// Empty when the column is absent (a file from before it) or the field is empty (no policy).
        func optionalText(_ column: String) -> String {
            guard let at = position[column], !fields[at].isEmpty else { return "" }
            return pool.insert(fields[at]).memberAfterInsert
        }
        var figures = FigureValues()
        for (index, figure) in Figure.all.enumerated() {
            guard let at = position[figure.column] else { continue }
            let value = fields[at]
            if value.isEmpty { continue }
            guard let number = DecimalText.parse(value) else {
                throw ResultsFileError(line: line, message: "'\(figure.column)' is '\(value)', not a number")
            }
            if let problem = figure.rangeProblem(number) {
                throw ResultsFileError(line: line, message: "'\(figure.column)' is \(value): \(problem)")
            }
            if kept[index] { figures[index] = number }
        }
        return SampleRecord(
            timestamp: try text("timestamp"), variant: try text("variant"), gitCommit: try text("git_commit"),
            host: try text("host"), cores: try integer("cores", in: ResultsFile.coresRange),
            swiftVersion: try text("swift_version"),
            buildConfiguration: try text("build_config"), allocator: try text("allocator"),
            implementation: try text("implementation"), policy: optionalText("policy"), workload: try text("workload"),
            parameters: try text("params"),
            seed: try integer("seed", UInt64.self), round: try integer("round", in: ResultsFile.roundRange),
            values: figures)
    }
}
