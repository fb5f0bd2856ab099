/// Deliberate bugs, one per rule of the layer: the conformance tests build "mutants" of the layer
/// with them to prove that each advanced check catches the bug it targets. Never set in production:
/// the layer reads them only from a queue type that opts in through ``AdvancedFaultInjecting``.
package struct AdvancedFaults: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Categories are ignored: operations of one category execute at once.
    package static let ignoresExclusivity = AdvancedFaults(rawValue: 1 << 0)
    /// A failed condition is recorded but the body runs anyway.
    package static let runsBodyAfterFailedCondition = AdvancedFaults(rawValue: 1 << 1)
    /// A group finishes as soon as it added its children (PSOperations #87's shape).
    package static let groupFinishesBeforeChildren = AdvancedFaults(rawValue: 1 << 2)
    /// Finish observers are called twice.
    package static let finishObserversTwice = AdvancedFaults(rawValue: 1 << 3)
    /// Finish observers are never called.
    package static let finishObserversNever = AdvancedFaults(rawValue: 1 << 4)
    /// Cancelling a running operation finishes it (observers, state) while its body still runs
    /// (PSOperations #74).
    package static let cancelFinishesRunning = AdvancedFaults(rawValue: 1 << 5)
    /// Conditions are evaluated one after the other.
    package static let evaluatesConditionsSequentially = AdvancedFaults(rawValue: 1 << 6)
    /// Categories are taken one by one, in the order the operation lists them, each waiting while
    /// holding the previous ones: the classic lock-ordering deadlock.
    package static let acquiresOneByOne = AdvancedFaults(rawValue: 1 << 7)
}

/// A queue type whose advanced layer carries deliberate bugs (test mutants only).
package protocol AdvancedFaultInjecting {
    static var advancedFaults: AdvancedFaults { get }
}
