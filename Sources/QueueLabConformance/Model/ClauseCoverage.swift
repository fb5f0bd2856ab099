/// How often, per clause, the situation the clause governs arose in a run: a clause at 0 was not
/// tested, whatever the verdict says.
struct ClauseCoverage: Sendable, Hashable {
    private(set) var counts: [String: Int] = [:]

    init() {}

    mutating func cover(_ clause: ContractClause, _ times: Int = 1) { counts[clause.id, default: 0] += times }

    mutating func merge(_ other: ClauseCoverage) {
        for (id, count) in other.counts { counts[id, default: 0] += count }
    }

    func count(_ clause: ContractClause) -> Int { counts[clause.id] ?? 0 }

    /// The clauses of `candidates` that never arose.
    func unexercised(of candidates: [ContractClause]) -> [ContractClause] {
        candidates.filter { count($0) == 0 }
    }
}
