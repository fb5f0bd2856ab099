/// Whether the samples of a cell in base and head were taken in pairs, and the pairs.
///
/// `bench --variant base=... --variant head=...` runs base and head of a cell back to back in each
/// round, so the two samples of a round share the machine's state of the moment; their log ratio
/// cancels the drift between rounds, which is most of the noise here. Two CSVs are paired only when
/// they plainly come from one such run: same host and seed, one sample per round a side, and time
/// the pairs' time spans (base to head sample) not overlapping; two separate runs with the same
/// seed fail this, every pair spanning the gap between the runs).
public enum PairedRounds {
    /// Base and head values by round, for rounds both have; nil when the design is not paired.
    public static func pairs(base: [SampleRecord], head: [SampleRecord], column: String) -> [(
        base: Double, head: Double
    )]? {
        guard let first = base.first, base.allSatisfy({ $0.seed == first.seed && $0.host == first.host }),
            head.allSatisfy({ $0.seed == first.seed && $0.host == first.host })
        else { return nil }
        guard let before = byRound(base), let after = byRound(head) else { return nil }
        let rounds = before.keys.filter { after[$0] != nil }.sorted()
        guard !rounds.isEmpty else { return nil }
        // The pairs' time spans, in time order, must not overlap (a resumed run's late pairs still
        // ran back to back); separate runs overlap: [base r, head r] all span the gap between runs.
        let spans = rounds.map { round in
            let stamps = [before[round]!.timestamp, after[round]!.timestamp]
            return (first: stamps.min()!, last: stamps.max()!)
        }.sorted { $0.first < $1.first }
        for (earlier, later) in zip(spans, spans.dropFirst()) where later.first < earlier.last { return nil }
        return rounds.compactMap { round in
            guard let x = before[round]!.figures[column], let y = after[round]!.figures[column] else { return nil }
            return (x, y)
        }
    }

    /// One record per round, or nil when a round repeats (not one bench run).
    private static func byRound(_ records: [SampleRecord]) -> [Int: SampleRecord]? {
        var result: [Int: SampleRecord] = [:]
        for record in records {
            if result.updateValue(record, forKey: record.round) != nil { return nil }
        }
        return result
    }
}
