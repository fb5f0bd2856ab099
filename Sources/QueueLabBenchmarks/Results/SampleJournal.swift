import Foundation
import QueueLabRecorder

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The samples of a run in progress, appended one row at a time to `TARGET.partial` beside the CSV
/// it will become (for a device or a FIFO, in the temporary folder), so that a run killed after 45 of 400 samples keeps those 45 (and `bench --resume`
/// can continue it). The target itself is written only at the end, whole (``ResultsFile/write(_:to:)``).
package final class SampleJournal {
    package let target: String
    package var partialPath: String { Self.partialPath(for: target) }
    /// The samples an earlier, interrupted run had journalled (with `resuming`).
    package let resumed: [SampleRecord]
    private let file: UnsafeMutablePointer<FILE>

    /// `TARGET.partial`; for a target that is a device, a FIFO or a socket (written through, see
    /// `OutputFile`), a file in the temporary folder named after it: nothing is created in `/dev`.
    package static func partialPath(for target: String) -> String {
        var info = stat()
        guard stat(target, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR else {
            return target + ".partial"
        }
        let name = target.replacingOccurrences(of: "/", with: "%")
        return (NSTemporaryDirectory() as NSString).appendingPathComponent("queuelab-journal-" + name + ".partial")
    }

    /// What a resumed journal must match: the run's plan and which of its settings the command
    /// chose (a command without --seed continues with the journal's seed).
    package struct Expectation {
        package var variant: String
        package var plan: BenchmarkPlan
        package var seedGiven: Bool
        /// Rounds at or beyond it are damage; nil when rounds are added beyond the plan's samples
        /// (`--until-detectable`).
        package var roundLimit: Int?

        package init(variant: String, plan: BenchmarkPlan, seedGiven: Bool, roundLimit: Int?) {
            self.variant = variant
            self.plan = plan
            self.seedGiven = seedGiven
            self.roundLimit = roundLimit
        }
    }

    /// The seed the resumed journal was written with (nil when nothing was resumed).
    package let resumedSeed: UInt64?

    /// Opens the journal of `target`, before any sample runs: a directory or file that cannot be
    /// written is reported now, not after the samples.
    ///
    /// - Parameters:
    ///   - target: the CSV the run will write; the journal sits beside it.
    ///   - resuming: continue the journal an interrupted run left (a last row cut by the kill is
    ///     dropped); without it, a journal already there is refused rather than overwritten.
    ///   - expected: the plan a new journal records on its first line, and a resumed one must
    ///     match: another plan, or a row that is not one sample of it, is refused, never merged.
    /// - Throws: ``ResultsFileError`` saying why, on one line.
    package init(target: String, resuming: Bool, expected: Expectation) throws(ResultsFileError) {
        self.target = target
        let partial = Self.partialPath(for: target)
        let directory = PathText.folder(of: target)
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
        var resumed: (records: [SampleRecord], seed: UInt64)?
        if exists {
            let data: Data
            switch BoundedFile.contents(of: partial, limit: ResultsFile.maximumFileBytes) {
            case .success(let bytes): data = bytes
            case .failure(let error): throw ResultsFileError(path: partial, line: 0, message: "the journal: \(error)")
            }
            // A kill can cut the row being written: keep whole rows only.
            let whole = data.lastIndex(of: UInt8(ascii: "\n")).map { data[...$0] } ?? Data()
            do {
                resumed = try Self.check(whole, expected: expected)
            } catch {
                var located = error
                located.path = partial
                throw located
            }
            // Rewrite it without the cut row, so that appended rows start on a line of their own.
            guard FileManager.default.createFile(atPath: partial, contents: Data(whole)) else {
                throw ResultsFileError(path: partial, line: 0, message: "cannot write the journal")
            }
        }
        guard let file = fopen(partial, exists ? "ab" : "wb") else {
            throw ResultsFileError(
                path: partial, line: 0, message: "cannot write the journal: \(String(cString: strerror(errno)))")
        }
        self.file = file
        self.resumed = resumed?.records ?? []
        self.resumedSeed = resumed?.seed
        if !exists,
            let failure = write(JournalPlan(expected.plan).line + "\n" + CSVCodec.encodeRow(ResultsFile.header) + "\n")
        {
            throw ResultsFileError(path: partial, line: 0, message: "cannot write the journal: \(failure)")
        }
    }

    /// A journal's whole rows checked against `expected`: its plan line, then each row.
    /// - Returns: the samples, and the seed they were taken with.
    static func check(_ whole: Data, expected: Expectation) throws(ResultsFileError) -> (
        records: [SampleRecord], seed: UInt64
    ) {
        guard let end = whole.firstIndex(of: UInt8(ascii: "\n")),
            let journalled = JournalPlan.parse(line: Substring(decoding: whole[..<end], as: UTF8.self)),
            let seed = journalled.seed
        else {
            throw ResultsFileError(
                line: 1, message: "the journal records no plan (an older queuelab or another file wrote it); delete it")
        }
        let mine = JournalPlan(expected.plan)
        if expected.seedGiven, seed != expected.plan.seed {
            throw ResultsFileError(
                line: 1,
                message: "--seed \(expected.plan.seed) differs from the journal's \(seed); omit --seed to continue it")
        }
        if let difference = mine.difference(fromJournal: journalled, ignoringSeed: true) {
            throw ResultsFileError(
                line: 1, message: "another plan wrote this journal: \(difference); rerun its command, or delete it")
        }
        let records: [SampleRecord]
        do {
            records = try ResultsFile.decode(String(decoding: whole[(end + 1)...], as: UTF8.self))
        } catch {
            throw ResultsFileError(line: error.line + 1, message: error.message)
        }
        var plan = expected.plan
        plan.seed = seed
        if let problem = JournalRows.problem(
            records, firstLine: 3, variant: expected.variant, plan: plan, roundLimit: expected.roundLimit)
        {
            throw ResultsFileError(line: problem.line, message: "\(problem.message); delete the journal to start again")
        }
        return (records, seed)
    }

    deinit { fclose(file) }

    /// Appends one sample and hands it to the kernel (a killed process loses nothing written).
    ///
    /// - Throws: ``OutputFileError`` naming the journal: a write that fails once samples are
    ///   being taken is a failure of the output (a full disk), not of the command's input.
    package func append(_ record: SampleRecord) throws(OutputFileError) {
        if let failure = write(ResultsFile.encodeRow(record) + "\n") {
            throw OutputFileError(path: partialPath, reason: failure)
        }
    }

    /// Writes the whole run to the target (replacing what was there) and removes the journal.
    package func finish(_ records: [SampleRecord]) throws {
        try ResultsFile.write(records, to: target)
        unlink(partialPath)
    }

    /// Writes `text` and flushes it; the reason when either failed, else nil. The reason is read
    /// from `errno` at once, before anything else can set it.
    private func write(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count, fflush(file) == 0 else {
            return String(cString: strerror(errno))
        }
        return nil
    }
}
