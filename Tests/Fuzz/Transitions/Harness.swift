import Foundation

/// libFuzzer target: the `queuelab-transitions/1` to `/3` reader `explain` reads a trace with
/// (`RecordedRun.readTransitions(from:)`), compiled with its sources by `scripts/fuzz transitions`.
/// Any bytes must read or throw a RecordedRunFormatError: a trap, a leak or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTransitions(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = try? RecordedRun.readTransitions(from: Data(bytes: data, count: size))
    return 0
}
