import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The samples of a run in progress, appended one row at a time to `TARGET.partial` beside the CSV
/// it will become, so that a run killed after 45 of 400 samples keeps those 45 (and `bench --resume`
/// can continue it). The target itself is written only at the end, whole (``ResultsFile/write(_:to:)``).
public final class SampleJournal {
    public let target: String
    public var partialPath: String { Self.partialPath(for: target) }
    /// The samples an earlier, interrupted run had journalled (with `resuming`).
    public let resumed: [SampleRecord]
    private let file: UnsafeMutablePointer<FILE>

    public static func partialPath(for target: String) -> String { target + ".partial" }

    /// Opens the journal of `target`, before any sample runs: a directory or file that cannot be
    /// written is reported now, not after the samples.
    ///
    /// - Parameters:
    ///   - target: the CSV the run will write; the journal sits beside it.
    ///   - resuming: continue the journal an interrupted run left (a last row cut by the kill is
    ///     dropped); without it, a journal already there is refused rather than overwritten.
    /// - Throws: ``ResultsFileError`` saying why, on one line.
    public init(target: String, resuming: Bool) throws(ResultsFileError) {
        self.target = target
        let partial = Self.partialPath(for: target)
        let directory = (target as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw ResultsFileError(path: directory, line: 0, message: "cannot create the directory")
            }
        }
        let exists = FileManager.default.fileExists(atPath: partial)
        if exists && !resuming {
            throw ResultsFileError(
                path: partial, line: 0,
                message: "an interrupted run left this journal: pass --resume to continue it, or delete it")
        }
        var resumed: [SampleRecord] = []
        if exists {
            guard let data = FileManager.default.contents(atPath: partial) else {
                throw ResultsFileError(path: partial, line: 0, message: "cannot read the journal")
            }
            // A kill can cut the row being written: keep whole rows only.
            let whole = data.lastIndex(of: UInt8(ascii: "\n")).map { data[...$0] } ?? Data()
            do {
                resumed = try ResultsFile.decode(String(decoding: whole, as: UTF8.self))
            } catch {
                var located = error
                located.path = partial
                throw located
            }
            // Rewrite it without the cut row, so that appended rows start on a line of their own.
            guard FileManager.default.createFile(atPath: partial, contents: whole.isEmpty ? nil : Data(whole)) else {
                throw ResultsFileError(path: partial, line: 0, message: "cannot write the journal")
            }
        }
        guard let file = fopen(partial, exists ? "ab" : "wb") else {
            throw ResultsFileError(
                path: partial, line: 0, message: "cannot write the journal: \(String(cString: strerror(errno)))")
        }
        self.file = file
        self.resumed = resumed
        if resumed.isEmpty && ftell(file) == 0 {
            try write(CSVCodec.encodeRow(ResultsFile.header) + "\n")
        }
    }

    deinit { fclose(file) }

    /// Appends one sample and hands it to the kernel (a killed process loses nothing written).
    public func append(_ record: SampleRecord) throws(ResultsFileError) {
        try write(ResultsFile.encodeRow(record) + "\n")
    }

    /// Writes the whole run to the target (replacing what was there) and removes the journal.
    public func finish(_ records: [SampleRecord]) throws {
        try ResultsFile.write(records, to: target)
        unlink(partialPath)
    }

    private func write(_ text: String) throws(ResultsFileError) {
        let bytes = Array(text.utf8)
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count, fflush(file) == 0 else {
            throw ResultsFileError(
                path: partialPath, line: 0, message: "cannot write the journal: \(String(cString: strerror(errno)))")
        }
    }
}
