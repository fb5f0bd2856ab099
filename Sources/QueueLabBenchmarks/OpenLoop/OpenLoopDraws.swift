import QueueLabCore

/// An `open` sample's operations drawn one at a time, in order: the one source of its draws. A
/// sample keeps them all (``OpenLoopSchedule``, drawn before the timed phase); the simulator
/// (QueueLabSimulation) draws each as its run reaches it, so that its memory is in the operations
/// alive, not in those of the run. Both arrival processes draw each time from the one before it
/// alone, so neither needs the whole list.
package struct OpenLoopDraws: IteratorProtocol, Sendable {
    /// One operation: when it is meant to arrive (nanoseconds after the first arrival), what its
    /// body costs, and its priority.
    package struct Draw: Sendable, Hashable {
        package let arrival: UInt64
        package let service: UInt64
        package let priority: QueuePriority
    }

    /// Operations in the sample (at least one).
    package let count: Int
    /// Operations drawn so far.
    package private(set) var drawn = 0
    private let process: ArrivalProcess
    private let meanGap: Double
    private let service: ServiceDistribution
    private let mix: PriorityMix
    private let allNormal: Bool
    private var arrivalStream: SplitMix64
    private var serviceStream: SplitMix64
    private var priorityStream: SplitMix64
    private var clock = 0.0

    package init(_ spec: OpenLoopSpec) {
        var random = SplitMix64(seed: spec.seed)
        // Separate streams: the same seed gives the same arrivals whatever the service distribution.
        arrivalStream = random.split()
        serviceStream = random.split()
        priorityStream = random.split()
        count = Swift.max(1, spec.count)
        process = spec.arrivals
        meanGap = ArrivalProcess.meanGap(rate: Double(spec.rate))
        service = spec.service
        mix = spec.mix
        allNormal = spec.mix.isAllNormal
    }

    package mutating func next() -> Draw? {
        guard drawn < count else { return nil }
        if drawn > 0 { clock = process.advance(clock, meanGap: meanGap, using: &arrivalStream) }
        drawn += 1
        return Draw(
            arrival: UInt64(clock.rounded()), service: service.draw(using: &serviceStream),
            // An all-normal mix draws nothing: the priority stream is left as it was.
            priority: allNormal ? .normal : mix.draw(using: &priorityStream))
    }
}
