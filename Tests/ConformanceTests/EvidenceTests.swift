import Foundation
import QueueLabConformance
import Testing

/// The reports print evidence as they did when it was lines of text: the layout below is the one
/// readers and scripts know, and the JSON keeps `evidence` as those lines.
@Suite("Typed evidence")
struct EvidenceTests {
    @Test("each kind renders as the reports print it")
    func rendering() {
        #expect(
            Evidence.trace(title: "trace (2 of 9 events):", events: ["a", "b"]).lines == [
                "trace (2 of 9 events):", "  a", "  b",
            ])
        #expect(Evidence.stall(queue: "q", report: ["queue q: 1 unfinished", "  o1 pending"]).lines.count == 2)
        #expect(Evidence.alsoViolated(violation: "[rule] broken").lines == ["also: [rule] broken"])
        #expect(
            Evidence.policyFaults(total: 1, faults: ["bad pick"]).lines == [
                "1 policy fault; the queue refused each pick and took a safe one", "  bad pick",
            ])
        #expect(Evidence.standardError(excerpt: []).lines == ["(nothing on standard error)"])
        #expect(Evidence.standardError(excerpt: ["trap"]).lines == ["its standard error:", "  trap"])
        #expect(
            Evidence.program(
                clause: "fifo", sentence: "Starts in order.", widths: [1], calls: ["add o1 to q0"],
                swift: ["q0.addOperation(o1)"]
            ).lines == [
                "clause fifo: Starts in order.",
                "program (1 calls, queues of widths 1):",
                "  1. add o1 to q0",
                "as Swift (held(n) blocks until release(n)):",
                "  let q0 = MyQueue(name: \"q0\"); q0.maxConcurrentOperationCount = 1",
                "  q0.addOperation(o1)",
            ])
    }

    @Test("JSON keeps evidence as lines, carries the typed pieces beside it, and reads old reports")
    func json() throws {
        let evidence: [Evidence] = [.note(text: "n"), .trace(title: "t:", events: ["e"])]
        let outcome = CheckOutcome(
            checkID: "a.b", implementation: "x", verdict: .fail, summary: "s", evidence: evidence, seed: 1,
            level: "quick")
        let data = try JSONEncoder().encode(outcome)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["evidence"] as? [String] == ["n", "t:", "  e"])
        #expect(try JSONDecoder().decode(CheckOutcome.self, from: data).evidence == evidence)

        let bare = CheckOutcome(checkID: "a.b", implementation: "x", verdict: .pass, summary: "ok", seed: 1, level: "q")
        let bareObject = try JSONSerialization.jsonObject(with: JSONEncoder().encode(bare)) as? [String: Any]
        #expect(bareObject?["typedEvidence"] == nil)

        let old =
            #"{"checkID":"a.b","implementation":"x","verdict":"FAIL","summary":"s","evidence":["l1","l2"],"seed":1,"level":"quick","seconds":0}"#
        let decoded = try JSONDecoder().decode(CheckOutcome.self, from: Data(old.utf8))
        #expect(decoded.evidence == [.note(text: "l1"), .note(text: "l2")])
    }

    /// `CheckOutcome`'s coding is written by hand (for the two evidence keys): an outcome with every
    /// field set must come back whole, so that a field added later and left out of the coding fails
    /// here instead of vanishing between `conform`'s child process and its parent.
    @Test("an outcome with every field set decodes to itself")
    func everyFieldRoundTrips() throws {
        var outcome = CheckOutcome(
            checkID: "a.b", implementation: "lock[fifo]", verdict: .underpowered, summary: "s",
            evidence: [.stall(queue: "q", report: ["r"]), .standardError(excerpt: ["e"])], seed: 7, level: "stress",
            scenario: "shrunk", seconds: 1.5)
        outcome.policy = "fifo"
        outcome.knownDeviation = "declared"
        outcome.power = CheckPower(event: "race", landed: 3, attempts: 9, targetOneIn: 20)
        outcome.clauseCoverage = ["fifo": 2]
        outcome.unexercisedClauses = ["barrier"]
        let children = Mirror(reflecting: outcome).children
        #expect(children.allSatisfy { child in "\(child.value)".hasPrefix("nil") == false })
        let decoded = try JSONDecoder().decode(CheckOutcome.self, from: JSONEncoder().encode(outcome))
        let fields = { (value: CheckOutcome) in
            Mirror(reflecting: value).children.map { "\($0.label ?? ""): \($0.value)" }
        }
        #expect(fields(decoded) == fields(outcome))
    }
}
