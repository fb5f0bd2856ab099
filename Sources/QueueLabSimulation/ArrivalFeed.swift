import QueueLabBenchmarks
import QueueLabCore

/// The operations of a workload with arrivals, in the order they arrive, one ahead of the run:
/// listed by the shape (a recording, `inversion`, `priority`), or drawn as the run reaches them
/// (`open`), so that the run holds nothing of an operation it has not reached.
///
/// Where the simulation plays the producer (``SimulationShape/producerAddsInTurn``) it is one
/// thread that makes each operation, adds its edges and adds it, one add call at a time, starting
/// at the later of the operation's arrival and the end of its previous call: operations due
/// together reach the queue one after another, and a pair added in one call
/// (``SimulationShape/addedWithPrevious``) reaches it together, after both were made, as the real
/// ones do. With a calibration's stalls, the producer loses its core as a worker does
/// (`WallClockStalls`): an add due during a stall waits for its end.
struct ArrivalFeed {
    struct Arrival {
        let index: Int
        let time: UInt64
        let duration: UInt64
        let priority: QueuePriority
    }

    private let shape: SimulationShape
    private var draws: OpenLoopDraws?
    private let costs: ProducerCosts
    /// Edges each operation waits on that the producer makes before adding it.
    private let edgesMade: [Int: Int]
    /// The producer's stalls; nil: none (a calibration without stalls, or no producer played).
    private var stalls: WallClockStalls?
    /// When the producer's last add call returned.
    private var producerFree: UInt64 = 0
    /// The next operation to arrive; nil when all have (or for a closed workload).
    private(set) var upcoming: Arrival?

    init(_ shape: SimulationShape, calibration: SimulationCalibration, stallSeed: UInt64) {
        self.shape = shape
        costs = shape.producerAddsInTurn ? ProducerCosts(calibration) : ProducerCosts()
        stalls = costs.isFree ? nil : WallClockStalls(calibration, seed: stallSeed, salt: 0x5052_4F44)
        edgesMade =
            costs.isFree ? [:] : shape.edges.reduce(into: [:]) { counts, edge in counts[edge.0, default: 0] += 1 }
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
            if !costs.isFree, let due = upcoming {
                // A call's later operations reach the queue when its first one does: the call's
                // whole cost was paid before it returned.
                if !shape.addedWithPrevious.contains(due.index) {
                    let begins = Swift.max(due.time, producerFree)
                    producerFree = (stalls?.ready(at: begins) ?? begins) &+ callCost(from: due.index)
                }
                upcoming = Arrival(index: due.index, time: producerFree, duration: due.duration, priority: due.priority)
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

    /// The producer's time for the add call that starts with operation `first`: making each of
    /// its operations and their edges, then the call.
    private func callCost(from first: Int) -> UInt64 {
        var cost = costs.add
        var index = first
        repeat {
            cost &+= costs.make &+ UInt64(edgesMade[index] ?? 0) &* costs.edge
            index += 1
        } while shape.addedWithPrevious.contains(index)
        return cost
    }
}

/// The producer's costs from a calibration: making an operation, an edge, an add call.
struct ProducerCosts {
    var make: UInt64 = 0
    var edge: UInt64 = 0
    var add: UInt64 = 0

    init() {}

    init(_ calibration: SimulationCalibration) {
        (make, edge, add) = (calibration.makeNanoseconds, calibration.edgeNanoseconds, calibration.addNanoseconds)
    }

    /// No cost at all: everything due together is added at once.
    var isFree: Bool { make == 0 && edge == 0 && add == 0 }
}
