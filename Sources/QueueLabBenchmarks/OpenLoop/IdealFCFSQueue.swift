/// ``QueueingTheory/fcfsMeanWait(arrivals:services:servers:)`` one arrival at a time, for arrivals
/// drawn as they are needed (``OpenLoopDraws``): the same sums in the same order, so the same mean
/// to the last bit, in memory for the servers alone.
package struct IdealFCFSQueue: Sendable {
    /// When each worker frees.
    private var free: [UInt64]
    package private(set) var arrivals = 0
    private var totalWait = 0.0

    /// - Precondition: `servers` is at least 1.
    package init(servers: Int) {
        precondition(servers >= 1, "an ideal queue has at least one server")
        free = [UInt64](repeating: 0, count: servers)
    }

    /// Arrivals come in order of time; each takes the worker that frees first (Kiefer and Wolfowitz).
    package mutating func arrive(at arrival: UInt64, service: UInt64) {
        var earliest = 0
        for worker in 1..<free.count where free[worker] < free[earliest] { earliest = worker }
        let start = Swift.max(arrival, free[earliest])
        totalWait += Double(start - arrival)
        free[earliest] = start + service
        arrivals += 1
    }

    /// The mean wait so far; 0 before any arrival.
    package var meanWait: Double { arrivals == 0 ? 0 : totalWait / Double(arrivals) }
}
