import QueueLabCore

// `LockQueue(name: "x", policy: .aging(step: .milliseconds(2)))`: the built-ins by their short names.

extension SchedulingPolicy where Self == StrictPolicy {
    /// The highest priority first, FIFO within a priority: Foundation's rule, and the default.
    public static var strict: StrictPolicy { StrictPolicy() }
}

extension SchedulingPolicy where Self == FIFOPolicy {
    /// Priority ignored: first ready, first started.
    public static var fifo: FIFOPolicy { FIFOPolicy() }
}

extension SchedulingPolicy where Self == LIFOPolicy {
    /// The highest priority first, newest first within a priority.
    public static var lifo: LIFOPolicy { LIFOPolicy() }
}

extension SchedulingPolicy where Self == AgingPolicy {
    /// Priority that rises one level per `step` of waiting (1 ms by default), so every wait is
    /// bounded; see ``AgingPolicy``.
    public static func aging(step: Duration = AgingPolicy.defaultStep) -> AgingPolicy { AgingPolicy(step: step) }
}

extension SchedulingPolicy where Self == WeightedPolicy {
    /// Weights 1:2:4:8:16; ``WeightedPolicy/init(weights:)`` takes others.
    public static var weighted: WeightedPolicy { WeightedPolicy() }
}

extension SchedulingPolicy where Self == InheritPolicy {
    /// Strict by effective priority: an operation runs at the priority of what waits for it.
    public static var inherit: InheritPolicy { InheritPolicy() }
}

extension SchedulingPolicy where Self == CriticalPathPolicy {
    /// Critical path first with the default cap (64); ``CriticalPathPolicy/init(cap:)`` takes others.
    public static var criticalPath: CriticalPathPolicy { CriticalPathPolicy() }
}
