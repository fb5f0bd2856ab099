import Foundation
import TestTiers
import Testing

@testable import QueueLabBenchmarks

@Suite(.onBlockingThreads) struct ResultsFileTests {
    static func sample(_ round: Int, host: String = "box, \"quoted\"") -> SampleRecord {
        SampleRecord(
            timestamp: "2026-01-01T00:00:00Z", variant: "head", gitCommit: "abc123+dirty", host: host, cores: 2,
            swiftVersion: "6.3.1", buildConfiguration: "release", allocator: "jemalloc", implementation: "lock",
            workload: "noop", parameters: "n=100000;width=-1", seed: 42, round: round,
            figures: ["operations": 100_000, "ops_per_s": 1_234_567.891, "e2f_p50_ns": 1500, "allocs_per_op": 2.5])
    }

    @Test func roundTripThroughAFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-csv-\(getpid())")
        let path = directory.appendingPathComponent("run.csv").path
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = [Self.sample(0), Self.sample(1, host: "plain")]
        try ResultsFile.write(records, to: path)
        #expect(try ResultsFile.read(path) == records)
        // Nothing but the file itself is left behind (the temporary was renamed).
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["run.csv"])
    }

    func decodeError(_ text: String) -> ResultsFileError? {
        do {
            _ = try ResultsFile.decode(text)
            return nil
        } catch {
            return error
        }
    }

    var goodText: String { ResultsFile.encode([Self.sample(0), Self.sample(1)]) }

    @Test func missingColumn() {
        let lines = goodText.split(separator: "\n").map(String.init)
        let header = lines[0].replacingOccurrences(of: ",seed,", with: ",seeds,")
        let error = decodeError(([header] + lines.dropFirst()).joined(separator: "\n"))
        #expect(error?.message == "header lacks the column 'seed'")
        #expect(error?.description.contains("\n") == false)
    }

    @Test func truncatedRow() {
        let text = String(goodText.dropLast(40))
        let error = decodeError(text)
        #expect(error?.line == 3)
        #expect(error?.message.contains("truncated") == true)
    }

    @Test func textWhereANumberBelongs() {
        let text = goodText.replacingOccurrences(of: ",1500,", with: ",fast,")
        #expect(decodeError(text)?.message == "'e2f_p50_ns' is 'fast', not a number")
        let cores = goodText.replacingOccurrences(of: ",2,6.3.1,", with: ",two,6.3.1,")
        #expect(decodeError(cores)?.message == "'cores' is 'two', not an integer")
    }

    @Test func emptyFileAndOpenQuote() {
        #expect(decodeError("")?.message == "empty file: no header")
        #expect(decodeError(goodText + "\"unclosed")?.message == "a quoted field never closes")
    }

    @Test func unreadableFileNamesThePath() {
        do {
            _ = try ResultsFile.read("/nonexistent/queuelab.csv")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/queuelab.csv:0: "))
        }
    }

    @Test func workloadParsing() throws {
        let workload = try Workload(parsing: "noop:n=10;width=1")
        #expect(workload.parameterText == "n=10;width=1")
        #expect(throws: WorkloadParseError.self) { try Workload(parsing: "noop:speed=3") }
        #expect(throws: WorkloadParseError.self) { try Workload(parsing: "sleep") }
        #expect(try Workload(parsing: workload.description) == workload)
    }
}
