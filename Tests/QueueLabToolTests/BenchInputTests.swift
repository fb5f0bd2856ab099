import ArgumentParser
import Foundation
import QueueLabBenchmarks
import TestTiers
import Testing

@testable import QueueLabTool

/// `bench` checks everything before the first sample: bad input is one line and exit 2, and no
/// sample process starts.
@Suite(.onBlockingThreads) struct BenchInputTests {

    /// Zero is no injection in every build; a non-zero value is refused by a build that would not
    /// spend it (no trait `FaultInjection`), and only for samples of that build.
    @Test func faultInjectionKnobValues() {
        let knob = FaultInjectionKnob.environmentVariable
        #expect(FaultInjectionKnob.problem(in: [:], spentByThisBuild: true) == nil)
        #expect(FaultInjectionKnob.problem(in: [knob: "0"], spentByThisBuild: true) == nil)
        #expect(FaultInjectionKnob.problem(in: [knob: "1200"]) == nil, "another build's samples check it")
        #expect(FaultInjectionKnob.problem(in: [knob: "5%"])?.contains("not a whole number") == true)
        let refused = FaultInjectionKnob.problem(in: [knob: "1200"], spentByThisBuild: true)
        #expect((refused == nil) == FaultInjectionKnob.isCompiledIn, "\(refused ?? "accepted")")
    }

    @Test func workloadParametersOutsideTheirRange() {
        for text in ["noop:n=-5", "noop:n=0", "noop:width=0", "cpu:us=-1", "cancel:percent=101", "fanout:k=0"] {
            #expect(throws: WorkloadParseError.self, "\(text)") { try Workload(parsing: text) }
        }
        for text in ["noop:width=-1", "noop:width=1", "cancel:percent=0", "dag:edges=0;seed=-3", "cpu:us=0"] {
            #expect(throws: Never.self, "\(text)") { try Workload(parsing: text) }
        }
    }

}

extension BenchInputTests {
    /// The commit a variant was built from reaches its CSV's git_commit column (a gate's base
    /// binary lives in a cache, outside any checkout); a commit for no variant is bad input.
    @Test func aVariantsCommitIsTakenAsGiven() throws {
        let given = try BenchCommand.parse([
            "--variant", "base=/bin/true", "--variant", "head=/bin/true", "--variant-commit", "base=0123456789ab",
        ]).checkedVariants()
        #expect(given.map(\.commit) == ["0123456789ab", nil])
        for (arguments, message) in [
            (["--variant-commit", "base=abc"], "names 'base', not a variant of this run (head)"),
            (["--variant", "base=/bin/true", "--variant-commit", "base"], "wants NAME=COMMIT, got 'base'"),
        ] {
            #expect {
                _ = try BenchCommand.parse(arguments).checkedVariants()
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }
}
