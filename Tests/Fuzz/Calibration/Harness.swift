/// libFuzzer target: the `queuelab-calibration/1` reader, compiled with its sources by
/// `scripts/fuzz calibration`. Any text must parse or throw a CalibrationError: a trap is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCalibration(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? SimulationCalibration(parsing: text)
    return 0
}
