import HeapModule
import QueueLabCore
import QueueLabScheduling

/// The state of one run; see ``Simulator``.
struct SimulationRun {
    let shape: SimulationShape
    let costs: SimulationCalibration
    /// One per queue of the shape (a recording has several), each with its own machine and copy
    /// of the policy, as each replayed queue has.
    let hosts: [SimulatedHost]
    let links: [HostLink]
    /// Held while the run lasts when the policy ranks by chain height: the graph keeps heights only
    /// while someone asks.
    let heights: DependencyGraph.HeightTracking?
    var events = Heap<SimulationEvent>()
    var sequence: UInt64 = 0
    var now: UInt64 = 0
    /// Operations alive (added, not finished); nil before and after.
    var operations: AliveOperations
    /// Workloads with arrivals: the next operation to arrive.
    var arrivals: ArrivalFeed
    /// Each worker's queue, by worker number.
    var workerQueue: [Int32] = []
    /// Each queue's parked workers, the longest parked first from `parkedHead`.
    var parked: [[Int32]]
    var parkedHead: [Int]
    var freeCores: Int
    var waitingForCore: [(worker: Int32, operation: Int32)] = []
    var waitingHead = 0
    var running = 0
    var result: SimulationResult
    /// The machine's stalls; nil: the calibration has none.
    var stalls: StallModel?
    /// The stalls an idle worker meets when woken; nil: the calibration has none.
    var wakeStalls: WallClockStalls?
    /// How long workers after the first wait for a core of their own; nil: the calibration has none.
    var spawnDelays: SpawnDelays?
    /// Each worker's end of sharing a core with another (0: never shared), by worker number.
    var sharedUntil: [UInt64] = []
    /// Workloads with arrivals: each arriving operation's dependencies (edges added as it arrives).
    let arrivingEdges: [Int: [Int]]

    init(_ simulator: Simulator, policy: any SchedulingPolicy, keepingTimeline: Bool) {
        shape = simulator.shape
        costs = simulator.calibration
        hosts = simulator.shape.queueWidths.map { width in
            SimulatedHost(policy: policy, width: width < 1 ? simulator.width : width)
        }
        links = hosts.map { host in
            let link = HostLink()
            link.connect(host)
            return link
        }
        parked = Array(repeating: [], count: hosts.count)
        parkedHead = Array(repeating: 0, count: hosts.count)
        heights = policy.ranksByHeight ? DependencyGraph.HeightTracking(cap: policy.heightCap) : nil
        freeCores = simulator.cores
        stalls = StallModel(simulator.calibration, seed: simulator.stallSeed)
        wakeStalls = WallClockStalls(simulator.calibration, seed: simulator.stallSeed, salt: 0x5741_4B45)
        spawnDelays = shape.workersStartWarm ? nil : SpawnDelays(simulator.calibration, seed: simulator.stallSeed)
        // Drawn operations get their slots (and their timeline's) as they are made.
        let listed = shape.drawn == nil ? shape.count : 0
        operations = AliveOperations(count: listed, sliding: shape.drawn != nil)
        arrivals = ArrivalFeed(shape, calibration: simulator.calibration, stallSeed: simulator.stallSeed)
        var timeline: SimulationTimeline?
        if keepingTimeline {
            let zeros = [UInt64](repeating: 0, count: listed)
            timeline = SimulationTimeline(
                priorities: shape.priorities, durations: shape.durations, enqueued: zeros, started: zeros,
                finished: zeros)
            timeline?.startOrder.reserveCapacity(shape.count)
        }
        result = SimulationResult(tally: SimulationTally(), timeline: timeline, peakConcurrency: 0, events: 0)
        arrivingEdges =
            !shape.hasArrivals ? [:] : Dictionary(grouping: shape.edges, by: \.0).mapValues { $0.map(\.1) }
    }

    mutating func schedule(_ kind: SimulationEvent.Kind, at time: UInt64, worker: Int32 = -1, operation: Int = -1) {
        sequence &+= 1
        events.insert(
            SimulationEvent(
                time: time, sequence: sequence, kind: kind, worker: worker,
                operation: Int32(truncatingIfNeeded: operation)
            ))
    }

    /// Events in order of time until none is left: the run.
    mutating func loop() throws(QueueError) {
        while let event = events.popMin() {
            now = event.time
            // A policy that reads the time (aging) reads the virtual one.
            for host in hosts { host.machine.virtualTime = now }
            result.events += 1
            switch event.kind {
            case .arrival: try arrive()
            case .workerStarts: look(event.worker)
            case .workerWakes:
                hosts[Int(workerQueue[Int(event.worker)])].machine.workerWakes()
                look(event.worker)
            case .bodyEnds: bodyEnds(worker: event.worker, operation: Int(event.operation))
            case .cancel:
                // Freed already: it finished before its cancel came, which then changes nothing.
                operations[Int(event.operation)]?.requestCancel()
                carryOutWakeups()
            case .cancelledEnds:
                finish(worker: event.worker, operation: Int(event.operation))
            case .queueChange: changeQueue(shape.queueChanges[Int(event.operation)])
            case .handOffEnds:
                operations[Int(event.operation)]!.releaseDependents()
                operations.free(Int(event.operation))
                carryOutWakeups()
                look(event.worker)
            }
        }
    }
}
