extension SchedulingPolicies {
    /// Splits a comma-separated list of specifications, as `--policy` takes it:
    /// `strict,aging:step=2ms,weighted:weights=1:2:4:8:16` gives three.
    ///
    /// Commas separate policies, and also the parameters of one policy (`name:k=v,k2=v2`): an item
    /// is a parameter of the policy before it when an `=` comes in it before any `,` or `:` (a
    /// `key=value`), and a new policy otherwise (a bare name, or `name:` and its parameters). So
    /// `aging:step=2ms,fifo` is two policies and an unknown name (`aging,bogus`) is reported as an
    /// unknown policy, not as a stray parameter. Empty items are dropped.
    public static func splitList(_ text: String) -> [String] {
        var specifications: [String] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: true) {
            let firstMark = item.firstIndex { $0 == "=" || $0 == ":" }
            let isParameter = firstMark.map { item[$0] == "=" } ?? false
            if isParameter, let last = specifications.popLast() {
                specifications.append(last + "," + item)
            } else {
                specifications.append(String(item))
            }
        }
        return specifications.map { $0.trimmingCharacters(in: " ") }.filter { !$0.isEmpty }
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
