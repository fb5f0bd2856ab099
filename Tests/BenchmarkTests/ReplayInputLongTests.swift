import Foundation
import QueueLabBenchmarks
import QueueLabRecorder
import TestSupport
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// The long tier of `ReplayInputTests` (`QUEUELAB_LONG_TESTS=1`): a two-million-line file, and the
/// queuelab binary's exit status and single line on each bad recording.
extension ReplayInputTests {
    static let shippedRecording = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/recordings/earthquakes.qlr").path

    @Test(.longTier("writes and parses a two-million-line recording"), .timeLimit(.minutes(30)))
    func anAbsurdOperationCountIsRefused() throws {
        var text = Self.header + Self.queue
        text.reserveCapacity(Recording.mostOperations * 24)
        for id in 0...Recording.mostOperations { text += "o \(id) 0 0 0 0 0 - - -\n" }
        let message = try Self.parseError(text)
        #expect(message.contains("more than \(Recording.mostOperations) operations"), "\(message)")
    }

    @Test(
        .longTier("runs the queuelab binary"), .enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30))
    )
    func theBinaryExitsTwoWithOneLineBeforeAnything() throws {
        let bad: [(String, String)] = [
            ("queuelab-recording/4\n", "another version"),
            (Self.header, "holds no finished operation"),
            (Self.header + Self.queue + Self.op(1, deps: "2") + Self.op(2, deps: "1"), "dependency cycle"),
            (Self.header + Self.op(1), "(unknown queue)"),
            ("queuelab-reco", "truncated"),
        ]
        for (text, expected) in bad {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).qlr")
                .path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            for command in [
                ["bench", "--impl", "lock", "--samples", "1", "--workload", "replay:file=\(path)"],
                ["trace", "--impl", "lock", "--out", path + ".json", "--workload", "replay:file=\(path)"],
                ["explain", "--impl", "lock", "--workload", "replay:file=\(path)"],
            ] {
                let outcome = try ChildProcess.run(
                    ChildCommand(executable: ToolBinary.queuelab!, arguments: command), timeout: .seconds(60))
                #expect(outcome.status == 2, "\(command): exit \(outcome.status)")
                #expect(outcome.standardError.contains(expected), "\(command): \(outcome.standardError)")
                #expect(outcome.standardError.split(separator: "\n").count == 1, "\(outcome.standardError)")
                #expect(outcome.standardOutput.isEmpty, "\(command) ran: \(outcome.standardOutput)")
            }
        }
        // A recording given where a trace goes: one line saying how to explain it instead.
        let recording = try ChildProcess.run(
            ChildCommand(
                executable: ToolBinary.queuelab!,
                arguments: ["explain", "--trace", Self.shippedRecording]),
            timeout: .seconds(60))
        #expect(recording.status == 2, "exit \(recording.status)")
        #expect(recording.standardError.contains("is a recording"), "\(recording.standardError)")
        #expect(recording.standardError.contains("--workload 'replay:file="), "\(recording.standardError)")
        // Cut off mid-record: it runs, after one warning line saying how many bytes were dropped.
        let cut = "o 3 0 0 3000 0 1000 - - op"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).qlr").path
        try Data((Self.header + Self.queue + Self.op(1) + Self.op(2) + cut).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try ChildProcess.run(
            ChildCommand(
                executable: ToolBinary.queuelab!,
                arguments: ["trace", "--impl", "lock", "--out", path + ".json", "--workload", "replay:file=\(path)"]),
            timeout: .seconds(60))
        defer { try? FileManager.default.removeItem(atPath: path + ".json") }
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(
            outcome.standardError.contains(
                "warning: replay of \(path): the last record is cut off (\(cut.utf8.count) bytes dropped"))
        // simulate replays it too, after the same line.
        let simulated = try ChildProcess.run(
            ChildCommand(
                executable: ToolBinary.queuelab!,
                arguments: ["simulate", "--width", "2", "--workload", "replay:file=\(path)"]),
            timeout: .seconds(60))
        #expect(simulated.status == 0, "\(simulated.standardError)")
        #expect(
            simulated.standardError
                == "warning: replay of \(path): the last record is cut off (\(cut.utf8.count) bytes dropped; read "
                + "up to the last complete one)\n")
    }
}
