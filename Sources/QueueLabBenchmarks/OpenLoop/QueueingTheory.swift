import Foundation

/// Mean waits that queueing theory predicts, for checking the generator and a queue against them.
package enum QueueingTheory {
    /// M/M/c mean wait in queue (Erlang C; c = 1 is M/M/1, rho / (mu - lambda)), in the unit of
    /// `meanService`. Nil when the queue is unstable (rho >= 1) or an input is not positive.
    package static func meanWait(arrivalRate lambda: Double, meanService: Double, servers: Int) -> Double? {
        guard lambda > 0, meanService > 0, servers >= 1 else { return nil }
        let mu = 1 / meanService
        let offered = lambda / mu  // a = lambda / mu, in Erlangs
        let rho = offered / Double(servers)
        guard rho < 1 else { return nil }
        // Terms a^k / k! built up one factor at a time: no factorial overflow for any c used here.
        var term = 1.0
        var sumBelow = 0.0
        for k in 0..<servers {
            sumBelow += term
            term *= offered / Double(k + 1)
        }
        let top = term / (1 - rho)  // (a^c / c!) / (1 - rho)
        let probabilityOfWaiting = top / (sumBelow + top)
        return probabilityOfWaiting / (Double(servers) * mu - lambda)
    }

    /// The mean wait an ideal first-come-first-served queue with `servers` workers and no overhead
    /// gives exactly these arrivals and service times (Lindley's recursion; for c servers, each
    /// arrival takes the worker that frees first, Kiefer and Wolfowitz): what the queue under test
    /// should match, up to its own overhead, with no sampling error between the two.
    package static func fcfsMeanWait(arrivals: [UInt64], services: [UInt64], servers: Int) -> Double {
        guard !arrivals.isEmpty, servers >= 1 else { return 0 }
        var queue = IdealFCFSQueue(servers: servers)
        for index in arrivals.indices { queue.arrive(at: arrivals[index], service: services[index]) }
        return queue.meanWait
    }
}
