import Foundation

/// libFuzzer target: the results CSV reader (`ResultsFile.decode`, the row reader under it),
/// compiled with its sources by `scripts/fuzz csv`. Any input must end in records or a
/// ResultsFileError: a trap, a leak or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResultsCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var decoder = RecordDecoder()
    do {
        try decoder.feed(UnsafeRawBufferPointer(bytes))
        _ = try decoder.finish()
    } catch {
        _ = error.description
    }
    return 0
}
