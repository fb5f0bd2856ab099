import QueueLabCore

/// Everything random about an `open` sample, drawn from its seed before the timed phase: when each
/// operation is meant to arrive, what its body costs, and its priority. Public so that the simulator
/// (QueueLabSimulation) draws exactly what a sample draws.
public struct OpenLoopSchedule: Sendable {
    /// Nanoseconds after the first arrival.
    public let arrivals: [UInt64]
    public let services: [UInt64]
    public let priorities: [QueuePriority]

    public init(_ spec: OpenLoopSpec) {
        var random = SplitMix64(seed: spec.seed)
        // Separate streams: the same seed gives the same arrivals whatever the service distribution.
        var arrivalStream = random.split()
        var serviceStream = random.split()
        var priorityStream = random.split()
        let count = Swift.max(1, spec.count)
        arrivals = spec.arrivals.schedule(count: count, rate: Double(spec.rate), using: &arrivalStream)
        services = (0..<count).map { _ in spec.service.draw(using: &serviceStream) }
        priorities =
            spec.mix.isAllNormal
            ? [QueuePriority](repeating: .normal, count: count)
            : (0..<count).map { _ in spec.mix.draw(using: &priorityStream) }
    }
}
