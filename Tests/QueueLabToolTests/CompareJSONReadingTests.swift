import Foundation
import QueueLabBenchmarks
import TestTiers
import Testing

@testable import QueueLabTool

/// A compare JSON is read back only when it is of the schema this QueueLab writes: another schema,
/// none, or a document cut short is refused with one line saying why; the gate then stops, not
/// measured, rather than judge without it.
@Suite(.onBlockingThreads) struct CompareJSONReadingTests {
    static let text = (try? CompareJSONTests.report().json()) ?? ""

    static func replacingSchema(with replacement: String) -> String {
        text.replacingOccurrences(of: "\"schema\" : \"queuelab-compare/1\",", with: replacement)
    }

    @Test func aDocumentOfAnotherSchemaOrNoneIsRefused() throws {
        #expect(Self.text.contains("\"schema\" : \"queuelab-compare/1\","))
        #expect(throws: (any Error).self) {
            try ComparisonDocument.decoder().decode(
                ComparisonDocument.self,
                from: Data(Self.replacingSchema(with: "\"schema\" : \"queuelab-compare/2\",").utf8))
        }
        #expect(throws: (any Error).self) {
            try ComparisonDocument.decoder().decode(
                ComparisonDocument.self, from: Data(Self.replacingSchema(with: "").utf8))
        }
        #expect(try ComparisonDocument.read(Data(Self.text.utf8)) == CompareJSONTests.report().document)
    }

    @Test func eachRefusalIsOneLineSayingWhy() {
        func reason(_ text: String) -> String? {
            do {
                _ = try ComparisonDocument.read(Data(text.utf8))
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            reason(Self.replacingSchema(with: "\"schema\" : \"queuelab-compare/2\","))
                == "not a queuelab-compare/1 document: schema queuelab-compare/2 is not queuelab-compare/1, the one "
                + "this QueueLab reads")
        #expect(
            reason(Self.replacingSchema(with: "")) == "not a queuelab-compare/1 document: no 'schema' field")
        #expect(
            reason(String(Self.text.prefix(200))) == "not a queuelab-compare/1 document: not JSON, or cut short")
        #expect(
            reason(Self.text.replacingOccurrences(of: "\"headline\" : true", with: "\"headline\" : 1"))?.hasPrefix(
                "not a queuelab-compare/1 document: 'rows.") == true)
    }

    @Test func theGateStopsOnADocumentItCannotRead() {
        let other = Self.replacingSchema(with: "\"schema\" : \"queuelab-compare/2\",")
        #expect {
            _ = try GateRun.document(other, status: 1, channel: "wall time")
        } throws: { error in
            let failure = error as? GateFailure
            return failure?.status == .notMeasured
                && failure?.description
                    == "wall time: compare --format json printed not a queuelab-compare/1 document: schema "
                    + "queuelab-compare/2 is not queuelab-compare/1, the one this QueueLab reads: not measured"
        }
        // compare's bad input and crashes print no document: the verdict already read says so.
        #expect((try? GateRun.document("", status: 2, channel: "wall time")) == .some(nil))
        #expect((try? GateRun.document(Self.text, status: 0, channel: "wall time"))??.schema == "queuelab-compare/1")
    }

    /// Coverage stands on the JSON run: one that hangs or cannot start stops the gate, not
    /// measured, instead of letting it judge without coverage.
    @Test func theGateStopsWhenTheDocumentDoesNotCome() {
        func failure(_ command: ChildCommand) -> GateFailure? {
            do {
                _ = try GateRun.document(command, after: 0, channel: "wall time", timeout: .milliseconds(300))
                return nil
            } catch {
                return error
            }
        }
        let hung = failure(ChildCommand(executable: "/bin/sleep", arguments: ["30"]))
        #expect(hung?.status == .notMeasured)
        #expect(
            hung?.description
                == "wall time: compare --format json did not finish within 0.3 seconds, so coverage is not known: not measured"
        )
        let missing = failure(ChildCommand(executable: "/nonexistent/queuelab", arguments: []))
        #expect(missing?.status == .notMeasured)
        #expect(missing?.description.hasPrefix("wall time: compare --format json did not start") == true)
        // No verdict, no document sought: the verdict already says why.
        let skipped = try? GateRun.document(
            ChildCommand(executable: "/nonexistent/queuelab", arguments: []), after: 2, channel: "wall time")
        #expect(skipped == .some(nil))
    }
}
