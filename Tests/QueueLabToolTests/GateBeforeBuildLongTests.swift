import Foundation
import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

/// What the gate can check, it checks before it builds (issue 28, point 5), through the command
/// line: a stand-in `swift` reports every build it is asked for, and none is.
@Suite(.longTier("gate runs of the binary with a stand-in swift"), .onBlockingThreads)
struct GateBeforeBuildTests {
    static func gate(
        _ arguments: [String], baseBinary: String? = nil, environment extra: [String: String] = [:]
    ) throws -> ChildOutcome {
        let directory = try ProcessHygieneTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let repository = try ProcessHygieneTests.repositoryWithFakeSwift(in: directory)
        var environment = [
            "PATH": "\(directory)/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "FAKE_SWIFT_BINARY": ToolBinary.queuelab!,
        ]
        environment["FAKE_SWIFT_BASE_BINARY"] = baseBinary
        environment.merge(extra) { _, new in new }
        // The gate runs in the repository: its git root and its builds are there.
        let shell = "cd '\(repository)' && exec '\(ToolBinary.queuelab!)' \"$@\""
        return try ChildProcess.run(
            ChildCommand(
                executable: "/bin/sh",
                arguments: ["-c", shell, "gate", "gate", "HEAD", "--product", "queuelab", "--cache", "off"] + arguments,
                environment: environment),
            timeout: .seconds(300))
    }

    @Test(
        .enabled(if: ToolBinary.queuelab != nil && ExecutableSearch.find("git") != nil),
        arguments: [
            (["--impl", "dispatch", "--policy", "fifo"], "--impl dispatch with --policy"),
            (["--impl", "bogus"], "--impl bogus: unknown implementation"),
            (["--instruction-impl", "bogus"], "--instruction-impl bogus: unknown implementation"),
            (["--impl", "dispatch", "--workload", "chain:n=100"], "runs on none of the implementations"),
            (["--out-dir", "/proc/queuelab-gate"], "--out-dir /proc/queuelab-gate cannot be created"),
        ])
    func refusedBeforeAnyBuild(arguments: [String], message: String) throws {
        let outcome = try Self.gate(arguments + ["--instructions", "off"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.split(separator: "\n").count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("fake-build"), "nothing built")
    }

    /// The running tool knows `actor`; a base that does not (here another tool's binary) is refused
    /// once built, before any sample, naming the implementation.
    @Test(.enabled(if: ToolBinary.example != nil && ExecutableSearch.find("git") != nil))
    func aNameTheBaseDoesNotKnowIsRefusedBeforeAnySample() throws {
        let outcome = try Self.gate(
            ["--impl", "actor", "--workload", "noop:n=100", "--instructions", "off", "--pin", "off"],
            baseBinary: ToolBinary.example)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains("implementation 'actor' is unknown to the base"), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("[warm-up]") && !outcome.standardError.contains("sampling"))
        let policy = try Self.gate(
            ["--policy", "lifo", "--workload", "noop:n=100", "--instructions", "off", "--pin", "off"],
            baseBinary: ToolBinary.example)
        // Both know lifo: the base lacks none of the names; it samples (and is stopped by nothing).
        #expect(policy.status != 2 || !policy.standardError.contains("unknown to the base"), "\(policy.standardError)")
    }

    /// SwiftPM builds in `SWIFTPM_BUILD_DIR` rather than `--scratch-path`: a user's setting must
    /// not send the gate's builds where it does not read its executables from. The base is built
    /// and read (refused for a name it lacks, which ends the gate before any sample).
    @Test(.enabled(if: ToolBinary.example != nil && ExecutableSearch.find("git") != nil))
    func aBuildFolderInTheEnvironmentDoesNotMoveTheGatesBuilds() throws {
        let elsewhere = try ProcessHygieneTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let outcome = try Self.gate(
            ["--impl", "actor", "--workload", "noop:n=100", "--instructions", "off", "--pin", "off"],
            baseBinary: ToolBinary.example, environment: ["SWIFTPM_BUILD_DIR": elsewhere + "/build"])
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains("implementation 'actor' is unknown to the base"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere + "/build"), "a build went to SWIFTPM_BUILD_DIR")
    }
}
