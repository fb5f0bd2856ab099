import QueueLabCore

// `LockQueue(name: "x", policy: .aging(step: .milliseconds(2)))`: the built-ins by their short names.

extension SchedulingPolicy where Self == StrictPolicy {
    public static var strict: StrictPolicy { StrictPolicy() }
}

extension SchedulingPolicy where Self == FIFOPolicy {
    public static var fifo: FIFOPolicy { FIFOPolicy() }
}

extension SchedulingPolicy where Self == LIFOPolicy {
    public static var lifo: LIFOPolicy { LIFOPolicy() }
}

extension SchedulingPolicy where Self == AgingPolicy {
    public static func aging(step: Duration = AgingPolicy.defaultStep) -> AgingPolicy { AgingPolicy(step: step) }
}

extension SchedulingPolicy where Self == WeightedPolicy {
    /// Weights 1:2:4:8:16; ``WeightedPolicy/init(weights:)`` takes others.
    public static var weighted: WeightedPolicy { WeightedPolicy() }
}

extension SchedulingPolicy where Self == InheritPolicy {
    public static var inherit: InheritPolicy { InheritPolicy() }
}

extension SchedulingPolicy where Self == CriticalPathPolicy {
    /// Critical path first with the default cap (64); ``CriticalPathPolicy/init(cap:)`` takes others.
    public static var criticalPath: CriticalPathPolicy { CriticalPathPolicy() }
}
