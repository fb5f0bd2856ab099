/// libFuzzer target: the command line's lists, `--seeds` (`SeedList`) and `--width` (`WidthList`),
/// compiled with their sources by `scripts/fuzz lists`. The text is one `--seeds` value, and its
/// lines the values of repeated `--width` options. Any text must parse or throw the list's error:
/// a trap, a leak or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLists(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? SeedList(text)
    _ = try? WidthList.parse(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    return 0
}
