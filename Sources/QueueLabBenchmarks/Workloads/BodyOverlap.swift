/// When a run's bodies first ran at once on two cores (`makespan`'s `parallel_after_ns`).
enum BodyOverlap {
    /// The earliest start that falls inside a body that began before it on another core; nil when
    /// there was none. `cores` holds each body's core plus two (1: unknown, which overlaps any
    /// other), so that a body preempted on a core two workers share, whose wall time spans its
    /// neighbour's bodies on that core, is no overlap. After the drain (every slot written).
    ///
    /// - Complexity: O(n log n) for the sort, then O(cores) a body.
    static func first(starts: LatencyTable, finishes: LatencyTable, cores: LatencyTable, count: Int) -> UInt64? {
        let byStart = (0..<count).sorted { starts[$0] < starts[$1] }
        // The latest finish so far of the bodies started on each core: a handful of entries.
        var latestFinish: [UInt64: UInt64] = [:]
        for index in byStart {
            let core = cores[index]
            let overlapsAnother = latestFinish.contains { other, finish in
                (other != core || core == 1) && starts[index] < finish
            }
            if overlapsAnother { return starts[index] }
            latestFinish[core] = Swift.max(latestFinish[core] ?? 0, finishes[index])
        }
        return nil
    }
}
