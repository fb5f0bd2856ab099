import Foundation
import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

/// A gate or bench ended by a signal ends every process it started and leaves no target (issue 28,
/// point 6). The processes report the children they start (`QUEUELAB_REPORT_CHILDREN=1`); after the
/// signal, none of them may still run.
@Suite(.longTier("signals sent to gate and bench runs of the binary"), .onBlockingThreads)
struct ProcessHygieneTests {
    /// A process of the tool whose standard error goes to a file the test reads as it grows.
    final class Running {
        let process = Process()
        let errorFile: String

        init(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws {
            errorFile = directory + "/stderr-\(UUID().uuidString).txt"
            _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
            process.executableURL = URL(fileURLWithPath: ToolBinary.queuelab!)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.environment = ProcessInfo.processInfo.environment.merging(
                environment.merging([LiveChildren.reportVariable: "1"]) { _, new in new }
            ) { _, new in new }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle(forWritingAtPath: errorFile)
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        var standardError: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }

        /// Every pid reported: children started by any queuelab process of the tree, and the fake
        /// build's own grandchild.
        var reportedPids: [pid_t] {
            standardError.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("queuelab: started child ") || line.hasPrefix("fake-build-grandchild ") else {
                    return nil
                }
                return line.split(separator: " ").first { pid_t($0) != nil }.flatMap { pid_t($0) }
            }
        }

        /// Waits, bounded, until `condition` holds on the standard error so far.
        func waitUntil(_ what: String, within seconds: Double = 120, _ condition: (String) -> Bool) throws {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !condition(standardError) {
                guard process.isRunning, Date() < deadline else {
                    Issue.record("never saw \(what); standard error: \(standardError.suffix(2000))")
                    throw Stop()
                }
                usleep(50_000)
            }
        }

        /// Sends `signal` and waits (bounded) for the process to end.
        func signalAndWait(_ signal: Int32) {
            kill(process.processIdentifier, signal)
            let deadline = Date(timeIntervalSinceNow: 60)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            #expect(!process.isRunning, "ended within 60 s of signal \(signal)")
        }
    }

    struct Stop: Error {}

    /// Running, as opposed to gone or a zombie waiting to be reaped.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return false }
        return !stat[afterName.upperBound...].hasPrefix("Z")
    }

    /// The reported pids still running, after giving the kernel up to `seconds` to deliver what it owes.
    static func survivors(_ pids: [pid_t], within seconds: Double = 3) -> [pid_t] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline, pids.contains(where: isRunning) { usleep(20_000) }
        return pids.filter(isRunning)
    }

    static func describe(_ pids: [pid_t]) -> String {
        pids.map { pid in
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return "\(pid): " + String(decoding: command.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
        }.joined(separator: "; ")
    }

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "queuelab-hygiene-\(getpid())-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A sample of the real tool that idles for a minute: long enough to be caught running.
    static let longSample = ["--impl", "lock", "--workload", "idle:ms=60000", "--warmup", "0"]

    /// A sample process started: a child of the tool's binary reported after bench's first progress
    /// line (earlier ones are the gate's short `list` and `sample --help` queries).
    static func isSampleLine(_ text: String) -> Bool {
        let lines = text.split(separator: "\n")
        guard let progress = lines.firstIndex(where: { $0.hasPrefix("[warm-up]") || $0.hasPrefix("[round") }) else {
            return false
        }
        // The sample's executable: a bench's own binary, or the gate's copies (base-queuelab, head-queuelab).
        return lines[progress...].contains { $0.hasPrefix("queuelab: started child") && $0.hasSuffix("queuelab)") }
    }

    @Test(.enabled(if: ToolBinary.queuelab != nil), arguments: [SIGTERM, SIGINT, SIGKILL])
    func aSignalledBenchEndsItsSample(signal: Int32) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bench = try Running(
            ["bench"] + Self.longSample + ["--samples", "3", "--out", "\(directory)/run.csv"], in: directory)
        defer { if bench.process.isRunning { kill(bench.process.processIdentifier, SIGKILL) } }
        try bench.waitUntil("a sample started", Self.isSampleLine)
        bench.signalAndWait(signal)
        #expect(bench.process.terminationReason == .uncaughtSignal && bench.process.terminationStatus == signal)
        let survivors = Self.survivors(bench.reportedPids, within: 10)
        #expect(survivors.isEmpty, "\(Self.describe(survivors)) \(bench.standardError)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix("stderr-") }
        #expect(left.allSatisfy { $0 == "run.csv.partial" }, "no target and no temporary: \(left)")
    }

    /// Ctrl-C signals the whole process group, the sample with its bench: the sample's death is the
    /// interruption, not a failed sample, and is not reported as one.
    @Test(.enabled(if: ToolBinary.queuelab != nil), arguments: [SIGINT, SIGTERM])
    func aSignalToTheWholeGroupIsNoFailedSample(signal: Int32) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bench = try Running(
            ["bench"] + Self.longSample + ["--samples", "3", "--out", "\(directory)/run.csv"], in: directory)
        defer { if bench.process.isRunning { kill(bench.process.processIdentifier, SIGKILL) } }
        let group = getpgid(bench.process.processIdentifier)
        try #require(group == bench.process.processIdentifier, "the bench leads a process group of its own")
        try bench.waitUntil("a sample started", Self.isSampleLine)
        kill(-group, signal)
        let deadline = Date(timeIntervalSinceNow: 60)
        while bench.process.isRunning, Date() < deadline { usleep(20_000) }
        #expect(bench.process.terminationReason == .uncaughtSignal && bench.process.terminationStatus == signal)
        #expect(!bench.standardError.contains("FAILED"), "\(bench.standardError.suffix(2000))")
    }

    /// The gate at each stage: building (a stand-in for swift whose build sleeps in a grandchild)
    /// and sampling (the stand-in "builds" the real tool, whose samples idle for a minute).
    @Test(
        .enabled(if: ToolBinary.queuelab != nil && ExecutableSearch.find("git") != nil),
        arguments: [
            ("building", SIGTERM), ("building", SIGINT), ("building", SIGKILL), ("sampling", SIGTERM),
            ("sampling", SIGINT), ("sampling", SIGKILL),
        ])
    func aSignalledGateEndsEverythingItStarted(stage: String, signal: Int32) throws {
        // Killed with SIGKILL, the gate's children end through PR_SET_PDEATHSIG (queuelab's, and
        // swift's through the tool as a wrapper).
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let repository = try Self.repositoryWithFakeSwift(in: directory)
        let out = directory + "/out"
        var environment = [
            "PATH": "\(directory)/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "FAKE_SWIFT_BINARY": ToolBinary.queuelab!,
        ]
        if stage == "building" { environment["FAKE_SWIFT_BUILD_SLEEP"] = "600" }
        let gate = try Running(
            [
                "gate", "HEAD", "--product", "queuelab", "--cache", "off", "--instructions", "off", "--pin", "off",
                "--samples", "6", "--out-dir", out,
            ] + Self.longSample.filter { $0 != "--warmup" && $0 != "0" },
            in: repository, environment: environment)
        defer { if gate.process.isRunning { kill(gate.process.processIdentifier, SIGKILL) } }
        if stage == "building" {
            try gate.waitUntil("the build's grandchild") { $0.contains("fake-build-grandchild") }
        } else {
            try gate.waitUntil("a sample started", Self.isSampleLine)
        }
        gate.signalAndWait(signal)
        #expect(gate.process.terminationReason == .uncaughtSignal && gate.process.terminationStatus == signal)
        let pids = gate.reportedPids
        #expect(pids.count >= (stage == "building" ? 3 : 6), "\(gate.standardError)")
        let survivors = Self.survivors(pids)
        #expect(survivors.isEmpty, "\(Self.describe(survivors)) \(gate.standardError)")
        for target in ["base.csv", "head.csv"] {
            #expect(!FileManager.default.fileExists(atPath: "\(out)/\(target)"))
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "queuelab-gate.\(gate.process.processIdentifier)"
        ).path
        // SIGKILL leaves the gate no time to remove anything; its children still end.
        #expect(signal == SIGKILL || !FileManager.default.fileExists(atPath: scratch), "the build tree is removed")
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// A git repository with one commit, and a `swift` that resolves nothing and "builds" by
    /// copying `$FAKE_SWIFT_BINARY` (the first build in a scratch folder, the base's:
    /// `$FAKE_SWIFT_BASE_BINARY` when set), first sleeping
    /// in a grandchild when `$FAKE_SWIFT_BUILD_SLEEP` is set.
    static func repositoryWithFakeSwift(in directory: String) throws -> String {
        let script = """
            #!/bin/sh
            case "$1" in
            --version) echo "Swift version 0.0 (stand-in)"; exit 0 ;;
            package) exit 0 ;;
            build)
                scratch=""; product=""
                while [ $# -gt 0 ]; do
                    case "$1" in
                    --scratch-path) scratch="$2"; shift ;;
                    --product) product="$2"; shift ;;
                    esac
                    shift
                done
                # As SwiftPM: the environment's build folder wins over --scratch-path.
                scratch="${SWIFTPM_BUILD_DIR:-$scratch}"
                if [ -n "$FAKE_SWIFT_BUILD_SLEEP" ]; then
                    # As swift build: SIGINT cancels the build and ends its compilers.
                    sleep "$FAKE_SWIFT_BUILD_SLEEP" &
                    trap 'kill $!; exit 130' INT
                    echo "fake-build-grandchild $!" >&2
                    wait
                fi
                binary="$FAKE_SWIFT_BINARY"
                # The gate builds base first, then head, in one build tree.
                [ -e "$scratch/release/$product" ] || binary="${FAKE_SWIFT_BASE_BINARY:-$FAKE_SWIFT_BINARY}"
                echo "fake-build $scratch" >&2
                mkdir -p "$scratch/release" && cp "$binary" "$scratch/release/$product" ;;
            *) exit 1 ;;
            esac

            """
        try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: directory + "/bin/swift", contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
        let repository = directory + "/repository"
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        try "a\n".write(toFile: repository + "/a", atomically: true, encoding: .utf8)
        let git = ExecutableSearch.find("git")!
        for arguments in [
            ["init", "-q"], ["add", "a"], ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "a"],
        ] {
            let outcome = try ChildProcess.run(
                ChildCommand(executable: git, arguments: ["-C", repository] + arguments), timeout: .seconds(60))
            try #require(outcome.status == 0, "git \(arguments): \(outcome.standardError)")
        }
        return repository
    }

    /// `--resume` end to end: a bench interrupted midway leaves a journal that another plan or a
    /// damaged row cannot continue (exit 2, one line), and its own command completes.
    @Test(.enabled(if: ToolBinary.queuelab != nil))
    func aJournalIsResumedOnlyByItsOwnPlan() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/run.csv"
        let journal = target + ".partial"
        let command = ["bench", "--impl", "lock", "--workload", "noop:n=2000", "--samples", "40", "--out", target]
        let first = try Running(command, in: directory)
        defer { if first.process.isRunning { kill(first.process.processIdentifier, SIGKILL) } }
        try first.waitUntil("three samples journalled") { _ in
            ((try? String(contentsOfFile: journal, encoding: .utf8)) ?? "").split(separator: "\n").count >= 5
        }
        first.signalAndWait(SIGTERM)
        #expect(!FileManager.default.fileExists(atPath: target))

        func resume(_ arguments: [String]) throws -> ChildOutcome {
            try ChildProcess.run(
                ChildCommand(executable: ToolBinary.queuelab!, arguments: arguments + ["--resume"]),
                timeout: .seconds(300))
        }
        func expectRefused(_ arguments: [String], _ message: String) throws {
            let outcome = try resume(arguments)
            #expect(outcome.status == 2)
            #expect(outcome.standardError.split(separator: "\n").count == 1, "\(outcome.standardError)")
            #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
        }
        try expectRefused(command.map { $0 == "noop:n=2000" ? "chain:n=2000" : $0 }, "--workload is")
        try expectRefused(command.map { $0 == "40" ? "3" : $0 }, "--samples is '40' in the journal, '3' here")
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        let lastRow = text.split(separator: "\n").last!
        try (text + lastRow + "\n").write(toFile: journal, atomically: true, encoding: .utf8)
        try expectRefused(command, "a second sample of lock noop")
        try text.write(toFile: journal, atomically: true, encoding: .utf8)

        let completed = try resume(command)
        #expect(completed.status == 0, "\(completed.standardError)")
        let records = try ResultsFile.read(target)
        #expect(records.count == 40)
        #expect(Set(records.map(\.round)).count == 40, "each round once")
    }
}
