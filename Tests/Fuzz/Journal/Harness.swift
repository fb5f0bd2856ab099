import Foundation
import QueueLabCore

@testable import QueueLabBenchmarks

/// libFuzzer target: bench's sample journal as `--resume` reads it (`SampleJournal.check`: its plan
/// line, then each row against the plan), on the whole rows `SampleJournal.init` keeps of a journal
/// a kill cut, linked with the instrumented QueueLabBenchmarks `scripts/fuzz journal` builds. Any bytes
/// must resume or throw a ResultsFileError: a trap, a leak or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    let whole = bytes.lastIndex(of: UInt8(ascii: "\n")).map { bytes[...$0] } ?? Data()
    _ = try? SampleJournal.check(whole, expected: journalExpectation())
    return 0
}

/// The plan the corpus's journals were written for: a journal of any other plan is refused at its
/// first line, and its rows never read. Two implementations, one taking the two policies, two
/// workloads: rows of cells in and out of the plan. The binary does not exist, so that its size
/// and time, which the plan line records, are the same on every machine.
func journalExpectation() -> SampleJournal.Expectation {
    var plan = BenchmarkPlan(
        implementations: [
            ImplementationInfo(name: "lock", capabilities: .all, takesPolicy: true),
            ImplementationInfo(name: "foundation", capabilities: .all),
        ],
        workloads: [Workload(kind: .noop, parameters: ["n": 10]), Workload(kind: .chain, parameters: ["n": 10])],
        variants: [BenchmarkVariant(name: "head", executable: "/nonexistent/queuelab")])
    plan.policies = ["strict", "aging:step=1ms"]
    plan.samples = 3
    plan.seed = 7
    return SampleJournal.Expectation(variant: "head", plan: plan, seedGiven: false, roundLimit: plan.samples)
}
