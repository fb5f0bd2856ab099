import Foundation
import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

/// The commands' outputs under faults, through the built binary (spawns it: long tier): a device
/// named as `--out` stays a device, a full standard output or output file ends the command with
/// exit status 74 and one line, and a bench that measured nothing fails.
@Suite(.longTier("runs the queuelab binary"), .enabled(if: ToolBinary.queuelab != nil))
struct OutputFaultLongTests {
    static let tiny = ["--impl", "lock", "--workload", "noop:n=10", "--samples", "1"]

    /// `queuelab ARGUMENTS > STDOUT` through a shell, so that standard output can be a device.
    static func run(_ arguments: [String], standardOutput: String = "/dev/null") throws -> ChildOutcome {
        let quoted = ([ToolBinary.queuelab!] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try ChildProcess.run(
            ChildCommand(executable: "/bin/sh", arguments: ["-c", "\(quoted) > '\(standardOutput)'"]),
            timeout: .seconds(120))
    }

    private static func folder(_ name: String) throws -> String { try ScratchFolder.make("output-fault", name) }

    @Test(.timeLimit(.minutes(5)))
    func aFullStandardOutputIsExit74WithOneLine() throws {
        let folder = try Self.folder("stdout")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let csv = "\(folder)/run.csv"
        #expect(try Self.run(["bench"] + Self.tiny + ["--out", csv]).status == 0)
        for arguments in [
            ["bench"] + Self.tiny + ["--out", "\(folder)/again.csv"], ["compare", csv, csv, "--format", "json"],
            ["explain", "--impl", "lock", "--workload", "noop:n=10", "--format", "html"], ["list"],
        ] {
            let outcome = try Self.run(arguments, standardOutput: "/dev/full")
            #expect(outcome.status == 74, "\(arguments): \(outcome.standardError)")
            let last = outcome.standardError.split(separator: "\n").last.map(String.init) ?? ""
            // The reason when the last flush failed; an earlier automatic flush leaves no errno.
            let reasons = [String(cString: strerror(ENOSPC)), "a write failed"]
            #expect(reasons.contains { last == "error: cannot write standard output: \($0)" }, "\(arguments): \(last)")
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func aFullOutputFileIsExit74AndTheSamplesStayInTheJournal() throws {
        let journal = SampleJournal.partialPath(for: "/dev/full")
        try? FileManager.default.removeItem(atPath: journal)
        let outcome = try Self.run(["bench"] + Self.tiny + ["--out", "/dev/full"])
        #expect(outcome.status == 74, "\(outcome.standardError)")
        #expect(
            outcome.standardError.contains("cannot write /dev/full") || outcome.standardError.contains("/dev/full:"))
        #expect(!FileManager.default.fileExists(atPath: "/dev/full.partial"), "no journal made in /dev")
        #expect(FileManager.default.fileExists(atPath: journal), "the samples stay in \(journal)")
        try? FileManager.default.removeItem(atPath: journal)
    }

    /// The journal is appended to as each sample finishes; a write that fails then (here: past a
    /// 4 KiB file-size limit, the journal's plan line and header fitting under it and its rows not)
    /// is a failed output, exit 74 with one line naming the journal, not bad input.
    @Test(.timeLimit(.minutes(5)))
    func aJournalThatCannotTakeASampleIsExit74WithOneLine() throws {
        let folder = try Self.folder("journal")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = [
            "bench", "--impl", "lock", "--workload", "noop:n=10", "--samples", "30", "--warmup", "0", "--out",
            "\(folder)/run.csv",
        ]
        let quoted = ([ToolBinary.queuelab!] + arguments).map { "'\($0)'" }.joined(separator: " ")
        // SIGXFSZ ignored, as an exec keeps it: a write past the limit fails with EFBIG instead.
        let outcome = try ChildProcess.run(
            ChildCommand(
                executable: "/bin/bash", arguments: ["-c", "trap '' XFSZ; ulimit -f 4; exec \(quoted) > /dev/null"]),
            timeout: .seconds(120))
        let journal = "\(folder)/run.csv.partial"
        #expect(outcome.status == 74, "\(outcome.standardError)")
        // Progress, and a debug build's word that it is one, are not the error.
        let lines = outcome.standardError.split(separator: "\n").filter {
            !$0.hasPrefix("[") && !$0.hasPrefix("warning: this queuelab is a debug build")
        }
        #expect(
            lines == [
                "error: cannot write \(journal): \(String(cString: strerror(EFBIG))) (the journal keeps the samples "
                    + "before it: --resume continues)"
            ], "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/run.csv"))
    }

    @Test(.enabled(if: getuid() == 0, "making a device node needs root"), .timeLimit(.minutes(5)))
    func aDeviceNamedAsOutputStaysADevice() throws {
        let folder = try Self.folder("device")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let null = "\(folder)/null"
        #expect(mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0, "makedev(1, 3): /dev/null")
        let runs: [[String]] = [
            ["bench"] + Self.tiny + ["--out", null],
            ["trace", "--impl", "lock", "--workload", "noop:n=10", "--format", "transitions", "--out", null],
            ["trace", "--impl", "lock", "--workload", "noop:n=10", "--out", null],
            ["trace", "--impl", "lock", "--workload", "noop:n=10", "--format", "recording", "--out", null],
            ["conform", "--impl", "lock", "--check", "cycle.self", "--level", "quick", "--junit", null],
        ]
        for arguments in runs {
            let outcome = try Self.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.standardError)")
            var info = stat()
            #expect(lstat(null, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "\(arguments) replaced the device")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["null"])
    }

    @Test(.timeLimit(.minutes(5)))
    func aBenchThatMeasuredNothingFails() throws {
        let folder = try Self.folder("nothing")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try Self.run([
            "bench", "--impl", "dispatch", "--workload", "dag", "--samples", "1", "--out", "\(folder)/none.csv",
        ])
        #expect(outcome.status == 4, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("no sample was measured"))
    }
}
