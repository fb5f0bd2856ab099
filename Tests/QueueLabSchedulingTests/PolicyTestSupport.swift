import QueueLabCore
import QueueLabScheduling

/// Foundation's order test: added 0...9 with these priorities.
let mixedPriorities: [QueuePriority] = [
    .normal, .veryLow, .high, .low, .veryHigh, .normal, .high, .veryLow, .low, .veryHigh,
]

extension QueueStateMachine {
    /// Takes and finishes everything ready, in the order the policy picks; names of what ran.
    mutating func drainNames() -> [String] {
        var order: [String] = []
        while let taken = next() {
            order.append(taken.operation.name ?? "?")
            _ = finished(taken.operation)
        }
        return order
    }

    /// Takes one and finishes it at once.
    mutating func takeOne() -> ScheduledOperation? {
        guard let taken = next() else { return nil }
        _ = finished(taken.operation)
        return taken.operation
    }

    /// Entries the built-in policy looked at so far.
    var examined: Int {
        switch policy {
        case let policy as StrictPolicy: policy.examined
        case let policy as FIFOPolicy: policy.examined
        case let policy as LIFOPolicy: policy.examined
        case let policy as AgingPolicy: policy.examined
        case let policy as WeightedPolicy: policy.examined
        case let policy as CriticalPathPolicy: policy.examined
        default: -1
        }
    }
}

/// Every built-in policy with its default parameters.
let builtInNames = SchedulingPolicies.names

func makeMachine(_ specification: String, width: Int = 1) throws -> QueueStateMachine {
    QueueStateMachine(defaultWidth: width, policy: try SchedulingPolicies.parse(specification))
}
