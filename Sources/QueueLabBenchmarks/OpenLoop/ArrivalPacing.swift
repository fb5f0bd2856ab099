/// How `open`'s generator waits for an arrival that is still far off (`pace=`).
package enum ArrivalPacing: String, Sendable, Hashable, CaseIterable {
    /// Sleeps until shortly before the arrival, then spins: the core is the queue's between
    /// arrivals, but a generator woken while a body runs on its core waits for it, up to a
    /// scheduler slice (milliseconds), and is late by that.
    case sleep
    /// Spins the whole time: the generator holds a core for the sample and is never late by a
    /// wake-up. For checks against queueing theory, and whenever the queue leaves a core free.
    case spin

    package init(parsing text: String) throws(WorkloadParseError) {
        self = try .named(text, parameter: "pace")
    }
}
