/// What `makespan` accepts beyond the general rules of ``Workload``.
extension MakespanGraph {
    /// `cost`: `const` (every body spins `us`) or `exp` (exponential draws of mean `us`).
    static let textDefaults = ["cost": "const"]

    static func canonicalCost(_ value: String) throws(WorkloadParseError) -> String {
        guard ["const", "exp"].contains(value) else {
            throw WorkloadParseError(
                message: "workload makespan: cost=\(value) is not a cost distribution; valid: const, exp")
        }
        return value
    }

    /// Past 16 chains, `length / 4^k` is one operation long: no longer a long chain.
    static func rangeProblem(_ key: String, _ value: Int) -> String? {
        key == "chains" && !(1...16).contains(value) ? "must be 1 to 16" : nil
    }

    /// Why the chains cannot be drawn from `workload`'s operations, or nil.
    static func problem(_ workload: Workload) -> String? {
        let lengths = chainLengths(n: .max, chains: workload["chains"], length: workload["length"])
        let chained = lengths.reduce(0, +)
        guard chained > workload["n"] else { return nil }
        return "the chains (\(lengths.map(String.init).joined(separator: "+")) = \(chained) operations) "
            + "do not fit in n=\(workload["n"]); lower chains or length, or raise n"
    }
}
