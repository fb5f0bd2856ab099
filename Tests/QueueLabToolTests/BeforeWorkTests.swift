import ArgumentParser
import Foundation
import QueueLabImplementations
import TestSupport
import Testing

@testable import QueueLabTool

/// What can be checked before a command's work is checked before it: a wrong output, an
/// implementation that cannot run the work, a calibration naming an unknown queue, a cache that
/// cannot be written. Each is one line before any sample, simulation or build (a regression here
/// would run the work first, and the time limit catches it).
@Suite(.timeLimit(.minutes(1))) struct BeforeWorkTests {
    /// The commands read the tool's implementations, which `QueueLabTool.main` installs.
    init() { ToolImplementations.install(Implementations.registry) }

    private static func folder(_ name: String) throws -> String { try ScratchFolder.make("before-work", name) }

    @Test func benchRefusesAFolderAsItsOutputBeforeSampling() throws {
        let folder = try Self.folder("bench")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect {
            try BenchCommand.parse(["--impl", "lock", "--workload", "noop:n=10", "--samples", "1", "--out", folder])
                .runChecked()
        } throws: { error in
            "\(error)" == "--out \(folder): is a directory, not a file"
        }
        #expect(!FileManager.default.fileExists(atPath: folder + ".partial"), "no journal left to block the next run")
    }

    @Test func theMainJobRefusesAnUnwritableFolderBeforeConformance() {
        #expect {
            _ = try MainJobCommand.parse(["--out-dir", "/proc/version"])
        } throws: { error in
            MainJobCommand.message(for: error).hasPrefix("--out-dir /proc/version: cannot create its directory")
        }
    }

    @Test func anEmptyOutputFolderIsRefusedNotReadAsTheCurrentOne() {
        #expect {
            _ = try MainJobCommand.parse(["--out-dir", ""])
        } throws: { error in
            MainJobCommand.message(for: error) == "--out-dir : an empty path names no folder"
        }
        #expect {
            try BenchCommand.parse([
                "--impl", "lock", "--workload", "noop:n=10", "--samples", "1", "--variant", "base=/bin/true",
                "--variant", "head=/bin/true", "--out-dir", "",
            ]).runChecked()
        } throws: { error in
            "\(error)" == "--out-dir : an empty path names no folder"
        }
    }

    @Test func aCalibrationOfAQueueThatCannotRunItsMeasurementsIsRefusedBeforeBenching() {
        #expect {
            try SimulateCommand.parse(["--calibrate", "--impl", "dispatch"]).runChecked()
        } throws: { error in
            "\(error)".hasPrefix("--calibrate --impl dispatch: it cannot run chain:n=100000")
        }
    }

    @Test func aValidationOfAnUnknownImplementationIsRefusedBeforeSimulating() throws {
        let folder = try Self.folder("validate")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let calibration = "\(folder)/unknown.calibration"
        try Data(
            "# queuelab-calibration/1\nname = x\nimplementation = nosuch\noverhead_ns = 1\nwakeup_ns = 1\nhandoff_ns = 1\n"
                .utf8
        ).write(
            to: URL(fileURLWithPath: calibration))
        #expect {
            try SimulateCommand.parse(["--calibration", calibration, "--validate"]).runChecked()
        } throws: { error in
            "\(error)".hasPrefix("--validate: the calibration's implementation: unknown implementation 'nosuch'")
        }
    }

    @Test func aGateRefusesAnUnwritableCacheBeforeResolving() throws {
        #expect {
            _ = try CheckedGate(
                try GateCommand.parse(["HEAD", "--cache", "/proc/version"]), registry: Implementations.registry)
        } throws: { error in
            "\(error)" == "--cache /proc/version cannot be created as a directory (or give --cache off)"
        }
    }
}
