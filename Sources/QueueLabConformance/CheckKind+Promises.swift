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
        // Each promise alone, whatever else the policy promises.
        case .orderStrictPriority: PromiseRequirement([.strictPriority])
        case .orderFIFOWithinLevel: PromiseRequirement([.fifoWithinLevel])
        case .orderLIFOWithinLevel: PromiseRequirement([.lifoWithinLevel])
        case .orderReadyOrder: PromiseRequirement([.readyOrder])
        case .orderWeightedShares: PromiseRequirement([.weightedShares])
        // Inheritance changes which level an operation is ordered at: strict priority makes it seen.
        case .orderInheritance: PromiseRequirement([[.priorityInheritance, .strictPriority]])
        case .orderLongestChain: PromiseRequirement([.longestChainFirst])
        // Dependencies always win; which of the free operations goes first is checked only when
        // a promise fixes it (see `PriorityScenarios.dependenciesWin`).
        default: .none
        }
    }
}
