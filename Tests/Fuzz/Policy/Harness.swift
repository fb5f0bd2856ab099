import QueueLabCore

/// libFuzzer target: the scheduling policy specifications (`SchedulingPolicies.parse`, and the
/// `--policy` list split `splitList`), compiled with their sources by `scripts/fuzz policy`. Any
/// text must parse or throw a PolicySpecError, and a policy made must parse back from its
/// declaration's specification to the same declaration (a run records that text, and its samples
/// make their policy from it): a trap, a leak or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolicy(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for specification in [text] + SchedulingPolicies.splitList(text) {
        guard let policy = try? SchedulingPolicies.parse(specification) else { continue }
        let declaration = policy.declaration
        let again = try? SchedulingPolicies.parse(declaration.specification).declaration
        precondition(again == declaration, "'\(declaration.specification)' parses back to \(String(describing: again))")
    }
    return 0
}
