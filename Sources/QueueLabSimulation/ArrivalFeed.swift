import QueueLabBenchmarks
import QueueLabCore

/// The operations of a workload with arrivals, in the order they arrive, one ahead of the run:
/// listed by the shape (a recording, `inversion`, `priority`), or drawn as the run reaches them
/// (`open`), so that the run holds nothing of an operation it has not reached.
///
/// Where the simulation plays the producer (``SimulationShape/producerAddsInTurn``) an operation is
/// added `addCost` after the later of its arrival and the previous add: one thread adds one at a
/// time, so operations due together reach the queue one after another, as the real ones do.
struct ArrivalFeed {
    struct Arrival {
        let index: Int
        let time: UInt64
        let duration: UInt64
        let priority: QueuePriority
    }

    private let shape: SimulationShape
    private var draws: OpenLoopDraws?
    private let addCost: UInt64
    /// When the producer's last add returned.
    private var producerFree: UInt64 = 0
    /// The next operation to arrive; nil when all have (or for a closed workload).
    private(set) var upcoming: Arrival?

    init(_ shape: SimulationShape, addCost: UInt64) {
        self.shape = shape
        self.addCost = shape.producerAddsInTurn ? addCost : 0
        draws = shape.drawn
        advance(from: 0)
    }

    /// The one after ``upcoming``.
    mutating func advance() {
        guard let upcoming else { return }
        advance(from: upcoming.index + 1)
    }

    private mutating func advance(from index: Int) {
        defer {
            if addCost > 0, let due = upcoming {
                let added = Swift.max(due.time, producerFree) &+ addCost
                producerFree = added
                upcoming = Arrival(index: due.index, time: added, duration: due.duration, priority: due.priority)
            }
        }
        if draws != nil {
            upcoming = draws!.next().map {
                Arrival(index: index, time: $0.arrival, duration: $0.service, priority: $0.priority)
            }
        } else if let arrivals = shape.arrivals, index < arrivals.count {
            upcoming = Arrival(
                index: index, time: arrivals[index], duration: shape.durations[index],
                priority: shape.priorities[index])
        } else {
            upcoming = nil
        }
    }
}
