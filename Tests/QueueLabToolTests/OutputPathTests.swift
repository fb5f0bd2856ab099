import ArgumentParser
import Foundation
import TestTiers
import Testing

@testable import QueueLabTool

/// Every command that writes a file when its work is done refuses an output it could not write
/// before the work begins (one line, exit status 2), and makes a missing folder as `bench` does.
@Suite(.onBlockingThreads) struct OutputPathTests {
    /// A regular file, and a path "inside" it: no folder can be made there, whoever runs the test
    /// (root writes anywhere else).
    private static func blockedPath(_ name: String) throws -> (file: URL, path: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("output-path-\(getpid())-\(name)")
        try Data("not a folder".utf8).write(to: file)
        return (file, file.appendingPathComponent("out").path)
    }

    @Test(
        "a command refuses an output it cannot write, naming the option, before it runs",
        arguments: [
            ("trace", "--out"), ("report", "--out"), ("report", "--markdown"), ("conform", "--junit"),
        ])
    func refusedBeforeRunning(command: String, option: String) throws {
        let (file, path) = try Self.blockedPath("\(command)\(option)")
        defer { try? FileManager.default.removeItem(at: file) }
        let arguments: [String] =
            switch (command, option) {
            case ("trace", _): ["--impl", "lock", "--workload", "noop", "--out", path]
            case ("report", "--out"): ["results.csv", "--out", path]
            case ("report", _): ["results.csv", "--out", "report.html", "--markdown", path]
            default: ["--impl", "lock", "--junit", path]
            }
        #expect {
            switch command {
            case "trace": _ = try TraceCommand.parse(arguments)
            case "report": _ = try ReportCommand.parse(arguments)
            default: _ = try ConformCommand.parse(arguments)
            }
        } throws: { error in
            let message = ConformCommand.message(for: error)
            return message.contains("\(option) \(path): cannot create its directory")
        }
    }

    @Test func simulateRefusesItsOutputBeforeSimulatingOrCalibrating() throws {
        let (file, path) = try Self.blockedPath("simulate")
        defer { try? FileManager.default.removeItem(at: file) }
        let runs = [
            ["--workload", "makespan", "--out", path],
            ["--calibrate", "--impl", "lock", "--out", path],
        ]
        for arguments in runs {
            #expect {
                try SimulateCommand.parse(arguments).runChecked()
            } throws: { error in
                "\(error)".contains("--out \(path): cannot create its directory")
            }
        }
    }

    @Test func aFolderIsNotAFile() {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(OutputPath.problem(with: folder) == "is a directory, not a file")
    }

    @Test func aMissingFolderIsMadeAndNothingIsLeftInIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-path-\(getpid())-made")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("deeper/trace.json").path
        #expect(OutputPath.problem(with: path) == nil)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("deeper").path)
        #expect(left.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
