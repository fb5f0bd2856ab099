import Foundation

/// libFuzzer target: the `queuelab-recording/1` to `/3` reader (`Recording(data:)`, what
/// `Recording(path:)` and a replay's `file=` read), compiled with its sources by
/// `scripts/fuzz recording`. Any bytes must read or throw a RecordingError: a trap, a leak or a
/// hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecording(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let recording = try? Recording(data: Data(bytes: data, count: size)) else { return 0 }
    // What a replay asks of a recording it read, before it runs.
    _ = recording.warning
    _ = recording.makespan
    _ = recording.operations.map(\.work)
    return 0
}
