import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabInvestigation
import TestTiers
import Testing

/// A transitions file is read strictly: a file cut mid-line, an operation listed twice or a
/// dependency cycle is refused with the line, never explained as if it were whole.
@Suite(.onBlockingThreads) struct StrictTransitionsTests {
    static let header = "queuelab-transitions/3\nqueue 0 1 q\n"

    static func error(_ text: String) -> String? {
        do {
            _ = try RecordedRun.readTransitions(from: Data(text.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aWholeFileReads() {
        let text = Self.header + "op 1 0 0 0 0 0 -\nop 2 0 0 0 0 0 1\nt 1 1 ready 0 0 10 1\n"
        #expect(Self.error(text) == nil)
    }

    @Test func aFileCutMidLineIsRefused() {
        let text = Self.header + "op 1 0 0 0 0 0 -\nop 2 0 0 0 0 0 1\nt 1 1 ready 0 0 10 1\nt 2 2 rea"
        #expect(Self.error(text) == "line 6: the last line ends without a line break: the file was cut short")
        // Cut right after a whole record, at a field boundary, the line is still unfinished.
        #expect(Self.error(Self.header + "op 1 0 0 0 0 0 -") != nil)
    }

    @Test func anOperationListedTwiceIsRefused() {
        let text = Self.header + "op 1 0 0 0 0 0 -\nop 1 0 0 0 0 0 -\n"
        #expect(Self.error(text) == "line 4: operation 1 is listed twice (first on line 3)")
    }

    /// The input the transitions fuzzer reported as slow (a fuzzer starved of CPU beside a test run;
    /// read alone it takes milliseconds): an operation among whose many repeated dependencies is
    /// itself. Kept in the fuzzer's corpus too (`self-cycle-among-repeated-dependencies.transitions`).
    @Test func aSelfDependencyAmongRepeatedOnesIsRefused() {
        let text =
            [
                "queuelab-transitions/1",
                "queue 0 1",
                "op 1 0 0 0 400,0,09,11,1,00,01,1,0,010,01,11,0,01,00,1,0,41,10,01,19,010,1,10,1,10,00",
                "op 5 0 0 0 0,0,0,,101,1,10,1,09,0,01,10,1,10,00,0,1,0,09",
            ].joined(separator: "\n") + "\n"
        #expect(Self.error(text)?.hasPrefix("line 3: operation 1 depends on itself") == true)
    }

    @Test func aDependencyCycleIsRefusedAtAMembersLine() {
        let text = Self.header + "op 1 0 0 0 0 0 3\nop 2 0 0 0 0 0 1\nop 3 0 0 0 0 0 2\nop 4 0 0 0 0 0 -\n"
        #expect(
            Self.error(text) == "line 3: operation 1 depends on itself through its dependencies: no run records a cycle"
        )
        #expect(Self.error(Self.header + "op 5 0 0 0 0 0 5\n")?.contains("operation 5 depends on itself") == true)
    }
}

/// Every number that names something is checked against what the file declared, and every number
/// explain computes with is in its range: a file that breaks either is refused at its line.
extension StrictTransitionsTests {
    @Test func aQueueIndexOutOfItsOrderIsRefused() {
        let ops = "op 1 0 0 0 0 0 -\nt 1 1 ready 0 0 10 1\n"
        #expect(Self.error(Self.header + "queue 1 1 r\n" + ops) == nil)
        #expect(
            Self.error(Self.header + "queue 7 1 r\n" + ops)
                == "line 3: queue index 7, but 1 queue lines come before it (0, 1, 2, ...)")
        #expect(Self.error("queuelab-transitions/3\nqueue -1 1 q\n")?.hasPrefix("line 2: queue index -1") == true)
        #expect(Self.error(Self.header + "queue 0 1 r\n")?.hasPrefix("line 3: queue index 0") == true)
        // An operation's queue: -1 (observed through no traced queue) or a listed one.
        #expect(Self.error(Self.header + "op 1 -1 0 0 0 0 -\nt 1 1 ready 0 0 10 1\n") == nil)
        #expect(Self.error(Self.header + "op 1 -2 0 0 0 0 -\n") == "line 3: operation 1 names queue -2, not listed")
    }

    @Test func aTransitionBeforeItsOperationsLineIsRefused() {
        let text = Self.header + "t 1 1 ready 0 0 10 1\nop 1 0 0 0 0 0 - first\n"
        #expect(Self.error(text) == "line 3: a transition of operation 1, which no earlier op line lists")
        #expect(Self.error(Self.header + "op 1 0 0 0 0 0 -\nt 1 2 ready 0 0 10 1\n")?.hasPrefix("line 4:") == true)
        // With its op line first, every transition carries the operation's name.
        let named = Self.header + "op 1 0 0 0 0 0 - first\nt 1 1 ready 0 0 10 1\nt 2 1 executing 0 0 11 1\n"
        let run = try? RecordedRun.readTransitions(from: Data(named.utf8))
        #expect(run?.transitions.map(\.name) == ["first", "first"])
    }

    @Test func aWidthOrATimeExplainCannotComputeWithIsRefused() {
        let ops = "op 1 0 0 0 0 0 -\nt 1 1 ready 0 0 10 1\n"
        #expect(Self.error("queuelab-transitions/3\nqueue 0 -1 q\n" + ops) == nil)
        #expect(Self.error("queuelab-transitions/3\nqueue 0 1024 q\n" + ops) == nil)
        for width in ["0", "-2", "1025", "9223372036854775807"] {
            #expect(
                Self.error("queuelab-transitions/3\nqueue 0 \(width) q\n" + ops)
                    == "line 2: queue width \(width) is absurd (-1 or 1 to 1024)")
        }
        let late = "9223372036854775808"
        #expect(
            Self.error(Self.header + "op 1 0 \(late) \(late) 0 0 -\n")
                == "line 3: add call entered out of range (at most 9223372036854775807 ns)")
        #expect(
            Self.error(Self.header + "op 1 0 0 0 0 0 -\nt 1 1 ready 0 0 \(late) 1\n")?.hasPrefix(
                "line 4: timestamp out of range") == true)
        #expect(Self.error(Self.header + "suspended 0 \(late) 0\n")?.hasPrefix("line 3: suspended from out") == true)
    }

    @Test func aRunLongerThanExplainComputesWithIsRefusedAtTheLineThatStretchesIt() {
        let span = 1 << 52
        let start = 1_000
        func run(lastAt last: Int) -> String {
            Self.header + "op 1 0 \(start) \(start) 0 0 -\nt 1 1 ready 0 0 \(start) 1\nt 2 1 executing 0 0 \(last) 1\n"
        }
        #expect(Self.error(run(lastAt: start + span)) == nil)
        #expect(
            Self.error(run(lastAt: start + span + 1))
                == "line 5: timestamp \(start + span + 1) stretches the run to \(span + 1) ns, past the \(span) ns (about 52 days) explain computes with"
        )
        // 0 is "not stamped", not a time: it stretches nothing.
        #expect(Self.error(Self.header + "op 1 0 0 0 0 0 -\nt 1 1 ready 0 0 \(Int.max) 1\n") == nil)
    }
}

/// A record is exactly its fields: more after the last one, or a meta line with no key or one
/// listed twice, is not something the writer makes.
extension StrictTransitionsTests {
    @Test func fieldsAfterARecordsLastAreRefused() {
        let op = "op 1 0 0 0 0 0 -\n"
        #expect(
            Self.error(Self.header + op + "t 1 1 ready 0 0 10 1 7\n")
                == "line 4: more fields after the thread, which ends the record")
        #expect(
            Self.error(Self.header + op + "t 1 1 ready 0 0 10 1 ready\n")
                == "line 4: more fields after the thread, which ends the record")
        #expect(
            Self.error(Self.header + "suspended 0 10 20 30\n")
                == "line 3: more fields after the suspended until, which ends the record")
        #expect(Self.error(Self.header + "suspended 0 10 20\n" + op) == nil)
    }

    @Test func aMetaLineNeedsAKeyOfItsOwn() {
        #expect(Self.error("queuelab-transitions/3\nmeta  lock\n") == "line 2: a meta line without a key")
        #expect(Self.error("queuelab-transitions/3\nmeta\n") == "line 2: a meta line without a key")
        #expect(
            Self.error("queuelab-transitions/3\nmeta implementation lock\nmeta implementation actor\n")
                == "line 3: meta key \"implementation\" is listed twice")
        let run = try? RecordedRun.readTransitions(from: Data("queuelab-transitions/3\nmeta workload noop n=5\n".utf8))
        #expect(run?.metadata == ["workload": "noop n=5"])
    }
}
