import Foundation
import QueueLabImplementations
import QueueLabRegistry
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabTool

/// Which channel saw each headline row, what the gate fails closed on, and the line a reviewer
/// reads.
@Suite(.onBlockingThreads) struct GateCoverageTests {
    static func row(
        _ implementation: String, _ workload: String, figure: String = "ops_per_s", detectable: Double?,
        verdict: String = "SAME", ratio: Double = 1
    ) -> ComparisonDocument.Row {
        ComparisonDocument.Row(
            implementation: implementation, policy: "", queue: implementation, workload: workload, parameters: "",
            figure: figure, direction: "higherIsBetter", headline: figure == "ops_per_s", design: "paired",
            base: .init(count: 20, median: 1), head: .init(count: 20, median: 1), ratio: ratio,
            interval: .init(lower: 0.99, upper: 1.01, confidence: 0.95), p: 0.5, pHolm: 1, verdict: verdict,
            detectable: detectable)
    }

    static func document(_ rows: [ComparisonDocument.Row]) -> ComparisonDocument {
        ComparisonDocument(
            schema: ComparisonDocument.schemaVersion, summary: "", headline: "",
            rule: .init(threshold: 0.07, sameWithin: 0.1, alpha: 0.05, minimumSamples: 6), counts: [:], rows: rows,
            missingFromHead: [], onlyInHead: [], notes: [])
    }

    static func coverage(wall: [ComparisonDocument.Row], instructions: [ComparisonDocument.Row]?) -> GateCoverage {
        GateCoverage(
            wall: document(wall), instructions: instructions.map(document), floor: 0.07, instructionFloor: 0.02,
            waitingFloor: 0.25)
    }

    @Test func aRowIsSeenByWallTimeOrCoveredOrBlind() {
        let wall = [
            Self.row("lock", "noop", detectable: 0.05),
            Self.row("lock", "chain", detectable: 0.12),
            Self.row("lock", "fanout", detectable: 0.30),
            Self.row("actor", "noop", detectable: 0.12),
            Self.row("lock", "noop", figure: "cpu_ns_per_op", detectable: 0.5),
        ]
        let instructions = [
            Self.row("lock", "chain", figure: "instructions_per_op", detectable: 0.004),
            Self.row("lock", "ping", figure: "instructions_per_op", detectable: 0.01),
            Self.row("actor", "chain", figure: "instructions_per_op", detectable: 0.03),
        ]
        let coverage = Self.coverage(wall: wall, instructions: instructions)
        #expect(
            coverage.rows.map(\.label) == ["lock noop", "lock chain", "lock fanout", "actor noop"], "headline rows only"
        )
        #expect(coverage.rows[0].sight == .wall(detectable: 0.05))
        #expect(coverage.rows[1].sight == .covered(wall: 0.12, instructions: 0.01), "the worse of lock's counted rows")
        guard case .blind(let wall, let why) = coverage.rows[2].sight else {
            Issue.record("lock fanout: wall time sees only 30 %, over the waiting floor")
            return
        }
        #expect(wall == 0.30 && why.contains("waiting floor"))
        guard case .blind(_, let actorWhy) = coverage.rows[3].sight else {
            Issue.record("actor's instructions see only 3 %, over their floor")
            return
        }
        #expect(actorWhy.contains("3%"))
        #expect(coverage.blind.map(\.label) == ["lock fanout", "actor noop"])
        #expect(coverage.lines.count == 3, "one line per row below the floor")
    }

    @Test func withoutTheInstructionChannelEveryRowMustBeSeenByWallTime() {
        let coverage = Self.coverage(wall: [Self.row("lock", "noop", detectable: 0.08)], instructions: nil)
        #expect(coverage.blind.count == 1)
        #expect(coverage.lines == ["lock noop: not covered: wall time sees 8%; the instruction channel did not run"])
        let unseen = Self.coverage(
            wall: [Self.row("lock", "noop", detectable: nil)],
            instructions: [Self.row("lock", "ping", figure: "instructions_per_op", detectable: nil)])
        #expect(unseen.blind.count == 1, "an instruction row that detects nothing covers nothing")
    }

    @Test func theSummaryLineSaysGreenOrRedWhyAndWhatWasNotSeen() {
        let coverage = Self.coverage(
            wall: [Self.row("lock", "noop", detectable: 0.05), Self.row("lock", "chain", detectable: 0.12)],
            instructions: [Self.row("lock", "ping", figure: "instructions_per_op", detectable: 0.01)])
        let green = GateSummary(
            status: .noRegression, regressions: [], coverage: coverage, gated: ["lock"],
            references: ["foundation", "dispatch"], instructionsRan: true)
        #expect(
            green.line
                == "QueueLab gate: green: no regression in 2 gated headline rows (lock); 1 below the floor on wall "
                + "time, covered by instructions (lock chain); not gated: foundation, dispatch (reported beside)")
        let red = GateSummary(
            status: .regression, regressions: ["lock noop ops_per_s ×0.910"], coverage: coverage, gated: ["lock"],
            references: [], instructionsRan: false)
        #expect(red.line.hasPrefix("QueueLab gate: red: REGRESSION in lock noop ops_per_s ×0.910"))
        #expect(red.line.hasSuffix("no instruction channel (valgrind not on PATH): wall time alone"))
        #expect(!red.line.contains("\n"), "one line, fit for an annotation")
    }

    @Test func theReferencesAreTheAdaptersAndInAUsersToolQueueLabsQueuesToo() throws {
        let registry = try ImplementationRegistry(Implementations.all)
        #expect(CheckedGate.references(registry, product: "queuelab") == ["foundation", "dispatch"])
        #expect(
            CheckedGate.references(registry, product: "myqueue-lab") == ["foundation", "dispatch", "lock", "actor"])
    }
}
