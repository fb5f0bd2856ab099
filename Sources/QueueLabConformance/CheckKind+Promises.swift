import QueueLabCore

extension CheckKind {
    /// The ordering promises each check needs. Only the priority checks look at order; every other
    /// check (states, cancellation, dependencies, cycles, width, barriers, waits, batches) holds
    /// under every policy: a policy changes order, never correctness.
    var promiseRequirement: PromiseRequirement {
        switch self {
        // The within-level order is what the check expects among equals: FIFO, or LIFO when promised.
        case .priorityOrder, .priorityChange:
            PromiseRequirement([[.strictPriority, .fifoWithinLevel], [.strictPriority, .lifoWithinLevel]])
        case .priorityFIFO: PromiseRequirement([.fifoWithinLevel, .readyOrder, .lifoWithinLevel])
        // One level needs an order within it; a mix of levels is checked only when strict
        // priority or ready order fixes the order across them (see `BatchFIFOScenario`).
        case .batchFIFO: PromiseRequirement([.fifoWithinLevel, .lifoWithinLevel])
        case .priorityNoStarvation: PromiseRequirement([.boundedWait])
        case .priorityWeightedShare: PromiseRequirement([.weightedShares])
        case .priorityInheritance: PromiseRequirement([.priorityInheritance])
        // Dependencies always win; which of the free operations goes first is checked only when
        // a promise fixes it (see `PriorityScenarios.dependenciesWin`).
        default: .none
        }
    }
}
