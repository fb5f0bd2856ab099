import Foundation
import QueueLabRecorder
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// Point 4 of issue 29: a recording a replay cannot run is refused when the workload is parsed
/// (bench, trace and explain turn that into one line and exit 2 before anything runs); one cut off
/// mid-record by a crash is read up to its last complete record.
@Suite(.onBlockingThreads) struct ReplayInputTests {
    static let header = "queuelab-recording/2\n"
    static let cpuHeader = "queuelab-recording/3\n"
    static let queue = "q 0 -1 app\n"
    static func op(_ id: Int, deps: String = "-", queue: Int = 0, body: String = "1000", width: String? = nil) -> String
    {
        "o \(id) \(queue) 0 \(id * 1_000) 0 \(body) - \(deps) op\(id)\n"
    }

    static func parseError(_ text: String, parameters: String = "") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).qlr").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try Workload(parsing: "replay:file=\(path)\(parameters)")
            return ""
        } catch {
            return error.message
        }
    }

    @Test(arguments: [
        ("", "empty"),
        ("queuelab-recor", "truncated inside its first line"),
        (
            "queuelab-recording/4\n" + queue + op(1),
            "format queuelab-recording/4 is another version; this QueueLab reads queuelab-recording/1 and "
                + "queuelab-recording/2 and queuelab-recording/3"
        ),
        (header + queue + op(1) + "c 1 500\n", "line 4: 'c' lines are queuelab-recording/3's"),
        (cpuHeader + queue + op(1) + "c 1\n", "a CPU time line is 'c ID NANOSECONDS'"),
        (cpuHeader + queue + op(1) + op(2) + "c 1 500\n", "the CPU time of operation 1 does not follow its 'o' line"),
        (cpuHeader + queue + op(1) + "c 1 500\nc 1 500\n", "the CPU time of operation 1 does not follow its 'o' line"),
        (cpuHeader + queue + "c 1 500\n" + op(1), "the CPU time of operation 1 does not follow its 'o' line"),
        (cpuHeader + queue + op(1) + "c 1 99999999999999999\n", "CPU time of 99999999999999999 ns is absurd"),
        ("{\"traceEvents\": []}\n", "not a queuelab-recording/2 file"),
        ("queuelab-recording/1\n" + queue + "s 0 10 1\n" + op(1), "line 3: 's' lines are queuelab-recording/2's"),
        (header + queue + "s 1 10 1\n" + op(1), "a change of queue 1, which no earlier 'q' line declares"),
        (header + queue + "s 0 10 2\n" + op(1), "'s QUEUE AT SUSPENDED' (1 or 0)"),
        (header + queue + "w 0 10\n" + op(1), "'w QUEUE AT WIDTH'"),
        (header + queue + "w 0 10 0\n" + op(1), "queue width 0 is absurd"),
        (header + queue + "s 0 99999999999999999 1\n" + op(1), "queue change at 99999999999999999 ns is absurd"),
        (header + queue, "holds no finished operation"),
        (header + queue + "o 1 0 0 0 0", "its only record is cut off"),
        (header + queue + op(1, deps: "2") + op(2, deps: "1"), "dependency cycle"),
        (header + queue + op(1, deps: "1"), "dependency cycle"),
        (header + queue + op(1, queue: 3), "names queue 3, which no earlier 'q' line declares (unknown queue)"),
        (header + op(1), "names queue 0, which no earlier 'q' line declares (unknown queue)"),
        (header + "q 0 5000 app\n" + op(1), "queue width 5000 is absurd"),
        (header + queue + op(1, body: "99999999999999999"), "body of 99999999999999999 ns is absurd"),
        (header + queue + op(1) + op(1), "operation 1 recorded twice"),
        (header + queue + "x 1 2 3\n" + op(1), "line 3: unknown record"),
        (header + queue + "o 1 0 3 0 0 1 - - a\n", "priority 3 is none of"),
    ])
    func aBadRecordingIsOneLine(text: String, expected: String) throws {
        let message = try Self.parseError(text)
        #expect(message.contains(expected), "\(message)")
        #expect(!message.contains("\n"))
        #expect(message.hasPrefix("workload replay: recording "))
    }

    /// A file of its first line alone (the recorded app crashed before its first record) is refused
    /// in one line; it used to trap on an empty range.
    @Test(arguments: ["queuelab-recording/3\n", "queuelab-recording/2\n", "queuelab-recording/1\n"])
    func aFileOfItsFirstLineAloneIsOneLine(text: String) throws {
        let message = try Self.parseError(text)
        #expect(message.contains("holds no finished operation"), "\(message)")
    }

    @Test func badParametersAreOneLine() throws {
        let good = Self.header + Self.queue + Self.op(1)
        #expect(try Self.parseError(good, parameters: ";speed=0").contains("speed=0 must be a number from 0.001"))
        #expect(try Self.parseError(good, parameters: ";body=nap").contains("body=nap is unknown; valid: spin, sleep"))
        #expect(try Self.parseError(good, parameters: ";first=-1").contains("cannot be negative"))
        #expect(try Self.parseError(good) == "")
        do {
            _ = try Workload(parsing: "replay")
            Issue.record("replay without file= parsed")
        } catch {
            #expect(error.message.contains("needs file=PATH"))
        }
        #expect(
            try Self.parseError("", parameters: "").contains("empty"))
    }

    /// A replay's description parses back to the same workload, whatever speed it was given: the
    /// default was spelled `1` and a given speed `1.0`, so bench's sample processes, handed the
    /// description, measured another cell (`scripts/fuzz workload` found it; the input is in
    /// Tests/Fuzz/Workload/corpus/replay-default-speed-round-trip).
    @Test(arguments: [("", "1"), (";speed=1", "1"), (";speed=1.0", "1"), (";speed=2", "2"), (";speed=0.5", "0.5")])
    func aReplayParsesBackFromItsDescription(speed: String, spelled: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("speed-\(UUID().uuidString).qlr").path
        try Data((Self.header + Self.queue + Self.op(1)).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let workload = try Workload(parsing: "replay:file=\(path)\(speed)")
        #expect(workload.textParameters["speed"] == spelled)
        #expect(try Workload(parsing: workload.description) == workload)
    }

    /// A crash mid-write leaves part of a line: the records before it are read, the bytes after the
    /// last newline are counted, and the dependency on the lost operation is left out and said.
    @Test func aRecordCutOffMidWriteIsDroppedWithAWarning() throws {
        let cut = "o 3 0 0 3000 0 1000 - 2 op"
        let text = Self.header + Self.queue + Self.op(1) + Self.op(2, deps: "1") + Self.op(4, deps: "3") + cut
        let recording = try Recording(data: Data(text.utf8))
        #expect(recording.operations.map(\.id) == [1, 2, 4])
        #expect(recording.droppedBytes == cut.utf8.count)
        #expect(recording.missingDependencies == 1)
        #expect(recording.operations[2].dependencies.isEmpty && recording.operations[1].dependencies == [1])
        let warning = try #require(recording.warning)
        #expect(warning.contains("\(cut.utf8.count) bytes dropped"))
        #expect(warning.contains("1 dependencies on operations not in the recording are left out"))
    }
}
