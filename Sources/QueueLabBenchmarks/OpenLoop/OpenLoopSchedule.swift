import QueueLabCore

/// Everything random about an `open` sample, drawn from its seed before the timed phase: when each
/// operation is meant to arrive, what its body costs, and its priority. Drawn by ``OpenLoopDraws``,
/// which the simulator (QueueLabSimulation) takes one operation at a time, so both draw the same.
package struct OpenLoopSchedule: Sendable {
    /// Nanoseconds after the first arrival.
    package let arrivals: [UInt64]
    package let services: [UInt64]
    package let priorities: [QueuePriority]

    package init(_ spec: OpenLoopSpec) {
        var draws = OpenLoopDraws(spec)
        var arrivals: [UInt64] = []
        var services: [UInt64] = []
        var priorities: [QueuePriority] = []
        arrivals.reserveCapacity(draws.count)
        services.reserveCapacity(draws.count)
        priorities.reserveCapacity(draws.count)
        while let draw = draws.next() {
            arrivals.append(draw.arrival)
            services.append(draw.service)
            priorities.append(draw.priority)
        }
        self.arrivals = arrivals
        self.services = services
        self.priorities = priorities
    }
}
