import QueueLabConformance
import QueueLabCore
import TestTiers
import Testing

@Suite("Reports, seeds and the validator", .onBlockingThreads)
struct ReportTests {
    @Test("check IDs are unique and families select their checks")
    func catalogue() {
        #expect(Set(Check.all.map(\.id)).count == Check.all.count)
        #expect(
            Check.matching("cycle").map(\.id) == [
                "cycle.self", "cycle.two", "cycle.three", "cycle.in-dag", "cycle.cross-queue",
            ])
        #expect(Check.named("state.exclusivity") != nil)
        #expect(Check.named("nope") == nil)
    }

    @Test("a check's generator depends only on the seed and its ID")
    func seeds() {
        var a = SplitMix64.forCheck(seed: 42, checkID: "deps.random-dag")
        var b = SplitMix64.forCheck(seed: 42, checkID: "deps.random-dag")
        var c = SplitMix64.forCheck(seed: 42, checkID: "deps.chain")
        let first = a.next()
        #expect(first == b.next())
        #expect(first != c.next())
    }

    @Test("JUnit XML: a failure per FAIL, an error per STALE, escaped text")
    func junit() {
        let outcomes = [
            CheckOutcome(
                checkID: "a.b", implementation: "x", verdict: .fail, summary: "bad <thing> & \"quotes\"",
                evidence: [.note(text: "line")], seed: 3, level: "quick"),
            CheckOutcome(
                checkID: "c.d", implementation: "x", verdict: .stale, summary: "stuck", seed: 3, level: "quick"),
            CheckOutcome(
                checkID: "e.f", implementation: "x", verdict: .unsupported, summary: "lacks width", seed: 3,
                level: "quick"),
            CheckOutcome(checkID: "g.h", implementation: "x", verdict: .pass, summary: "ok", seed: 3, level: "quick"),
        ]
        let report = ConformanceReport(
            outcomes: outcomes, implementations: ["x"], checks: ["a.b", "c.d", "e.f", "g.h"], seed: 3, level: "quick",
            seconds: 1)
        let xml = report.junitXML()
        #expect(xml.contains("failures=\"1\" errors=\"1\" skipped=\"1\""))
        #expect(xml.contains("bad &lt;thing&gt; &amp; &quot;quotes&quot;"))
        #expect(xml.contains("replay: queuelab conform --impl x --check a.b --seed 3 --level quick"))
        #expect(!report.isSuccess)
        #expect(report.text().contains("FAIL x a.b"))
        #expect(report.json().contains("\"success\" : false"))
    }

    /// A FAIL the implementation declared is KNOWN wherever a reader looks: the table, the counts,
    /// a campaign's tally, the failure's header; and it does not fail the run.
    @Test("a declared deviation is KNOWN, not FAIL, in every count")
    func knownDeviationHasAWordOfItsOwn() {
        var declared = CheckOutcome(
            checkID: "a.b", implementation: "x", verdict: .fail, summary: "slow wake", seed: 3, level: "quick")
        declared.knownDeviation = "the platform's queue wakes late"
        let outcomes = [
            declared,
            CheckOutcome(checkID: "c.d", implementation: "x", verdict: .pass, summary: "ok", seed: 3, level: "quick"),
        ]
        let report = ConformanceReport(
            outcomes: outcomes, implementations: ["x"], checks: ["a.b", "c.d"], seed: 3, level: "quick", seconds: 1)
        #expect(report.isSuccess)
        let text = report.text()
        #expect(text.contains("2 outcomes: 1 PASS, 0 FAIL, 0 STALE, 0 UNSUPPORTED, 1 KNOWN"), "\(text)")
        #expect(text.contains("a.b    KNOWN"), "\(text)")
        #expect(text.contains("KNOWN x a.b: slow wake"))
        #expect(text.contains("a FAIL the implementation declares as a known deviation: the platform's"))
        #expect(!text.contains("FAIL x a.b"))
        let campaign = report.campaignText()
        #expect(campaign.contains("a.b    1 KNOWN"), "\(campaign)")
        #expect(campaign.contains("1 PASS, 0 FAIL, 0 STALE, 0 UNSUPPORTED, 1 KNOWN"), "\(campaign)")
    }

    /// A third party's tool built on QueueLabTool replays with its own executable, not `queuelab`.
    @Test("replay commands name the tool that ran")
    func replayNamesTheTool() {
        var report = ConformanceReport(
            outcomes: [
                CheckOutcome(
                    checkID: "a.b", implementation: "mine", verdict: .fail, summary: "bad", seed: 7, level: "quick")
            ], implementations: ["mine"], checks: ["a.b"], seed: 7, level: "quick", seconds: 1)
        report.tool = "myqueue-lab"
        let replay = "myqueue-lab conform --impl mine --check a.b --seed 7 --level quick"
        #expect(report.text().contains("replay: \(replay)"))
        #expect(report.junitXML().contains("replay: \(replay)"))
        #expect(report.json().contains(replay))
        #expect(!report.text().contains("queuelab conform"))
    }

    @Test("the validator flags a backward state, a body twice and a width overflow")
    func validator() {
        let a = OperationID.next()
        let b = OperationID.next()
        func event(_ seq: Int, _ op: OperationID, _ kind: TraceEvent.Kind) -> TraceEvent {
            TraceEvent(
                sequence: seq, operation: op, name: nil, kind: kind, timestamp: UInt64(seq), thread: 1,
                causalSequence: UInt64(seq))
        }
        let trace = [
            event(0, a, .transition(.ready)), event(1, a, .transition(.executing)),
            event(2, a, .bodyStarted(observed: .executing, cancelled: false, dependencyStates: [])),
            event(3, b, .transition(.ready)), event(4, b, .transition(.executing)),
            event(5, b, .bodyStarted(observed: .executing, cancelled: false, dependencyStates: [])),
            event(6, a, .transition(.ready)),
            event(7, a, .bodyStarted(observed: .executing, cancelled: false, dependencyStates: [])),
            event(8, a, .bodyEnded(cancelled: false)), event(9, b, .bodyEnded(cancelled: false)),
            event(10, a, .transition(.finished)), event(11, b, .transition(.finished)),
            event(12, a, .completion(observed: .finished)), event(13, b, .completion(observed: .finished)),
        ]
        var expect = TraceExpectations(
            operations: [OperationFacts(id: a, name: "a"), OperationFacts(id: b, name: "b")], observed: true, width: 1)
        expect.completions = true
        let rules = Set(TraceValidator.validate(trace, against: expect).map(\.rule))
        #expect(rules == ["forward-only", "exactly-once", "width"])
    }

    @Test("an operation added while a barrier was added may run before or after it, not alongside")
    func barrierRace() {
        let (early, late, alongside) = (OperationID.next(), OperationID.next(), OperationID.next())
        func event(_ seq: Int, _ op: OperationID, _ kind: TraceEvent.Kind) -> TraceEvent {
            TraceEvent(
                sequence: seq, operation: op, name: nil, kind: kind, timestamp: UInt64(seq), thread: 1,
                causalSequence: UInt64(seq))
        }
        func body(_ start: Int, _ op: OperationID) -> [TraceEvent] {
            [
                event(start, op, .bodyStarted(observed: .executing, cancelled: false, dependencyStates: [])),
                event(start + 1, op, .bodyEnded(cancelled: false)),
            ]
        }
        let barrierRan = event(4, OperationID(rawValue: 0), .barrier(index: 1))
        let trace =
            body(0, early) + [
                event(2, alongside, .bodyStarted(observed: .executing, cancelled: false, dependencyStates: []))
            ]
            + [barrierRan, event(5, alongside, .bodyEnded(cancelled: false))] + body(6, late)
        var expect = TraceExpectations(
            operations: [early, late, alongside].map { OperationFacts(id: $0, name: "\($0)") }, observed: false)
        expect.allFinished = false
        expect.completions = false
        expect.barrierRaces = [(index: 1, racing: [early, late, alongside])]
        let violations = TraceValidator.validate(trace, against: expect)
        #expect(violations.map(\.operations) == [[alongside]])
        #expect(violations.first?.message.contains("on neither side") == true)
    }
}
