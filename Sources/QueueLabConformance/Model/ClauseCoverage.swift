/// How often, per clause, the situation the clause governs arose in a run: a clause at 0 was not
/// tested, whatever the verdict says.
public struct ClauseCoverage: Sendable, Hashable {
    public private(set) var counts: [String: Int] = [:]

    public init() {}

    mutating func cover(_ clause: ContractClause, _ times: Int = 1) { counts[clause.id, default: 0] += times }

    mutating func merge(_ other: ClauseCoverage) {
        for (id, count) in other.counts { counts[id, default: 0] += count }
    }

    public func count(_ clause: ContractClause) -> Int { counts[clause.id] ?? 0 }

    /// The clauses of `candidates` that never arose.
    public func unexercised(of candidates: [ContractClause]) -> [ContractClause] {
        candidates.filter { count($0) == 0 }
    }

    /// `id=count` pairs in the documentation's order, zeros included.
    public func line(of candidates: [ContractClause]) -> String {
        candidates.map { "\($0.id)=\(count($0))" }.joined(separator: " ")
    }

    /// Parses what ``line(of:)`` printed (a report read back).
    init(line: String) {
        for pair in line.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let count = Int(parts[1]) { counts[String(parts[0])] = count }
        }
    }
}
