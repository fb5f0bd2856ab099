@testable import QueueLabBenchmarks

/// libFuzzer target: workload specifications as `--workload` takes them (`WorkloadList.split`, then
/// `OpenLoopSweep.workloads(parsing:)`, which is `Workload(parsing:)` but for an `open` rate sweep),
/// linked with the instrumented QueueLabBenchmarks `scripts/fuzz workload` builds. Any text must parse or
/// throw a WorkloadParseError, and a workload must parse back from its description to itself (bench
/// hands its sample processes the description): a trap, a leak or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWorkload(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for specification in WorkloadList.split(text) {
        // A fixed core count: a sweep's rates follow it, and a finding must replay on any machine.
        guard let workloads = try? OpenLoopSweep.workloads(parsing: specification, cores: 2) else { continue }
        for workload in workloads {
            let again = try? Workload(parsing: workload.description)
            precondition(again == workload, "'\(workload)' parses back to \(String(describing: again))")
            _ = workload.warmUp
        }
    }
    return 0
}
