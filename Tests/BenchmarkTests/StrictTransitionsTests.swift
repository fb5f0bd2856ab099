import Foundation
import QueueLabBenchmarks
import Testing

/// A transitions file is read strictly: a file cut mid-line, an operation listed twice or a
/// dependency cycle is refused with the line, never explained as if it were whole.
@Suite struct StrictTransitionsTests {
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

    @Test func aDependencyCycleIsRefusedAtAMembersLine() {
        let text = Self.header + "op 1 0 0 0 0 0 3\nop 2 0 0 0 0 0 1\nop 3 0 0 0 0 0 2\nop 4 0 0 0 0 0 -\n"
        #expect(
            Self.error(text) == "line 3: operation 1 depends on itself through its dependencies: no run records a cycle"
        )
        #expect(Self.error(Self.header + "op 5 0 0 0 0 0 5\n")?.contains("operation 5 depends on itself") == true)
    }
}
