/// Deliberate bugs, one per rule of the layer: the conformance tests build "mutants" of the layer
/// with them to prove that each advanced check catches the bug it targets. Never set in production:
/// the layer reads them only from a queue type that opts in through ``AdvancedFaultInjecting``.
@_spi(Mutants)
public struct AdvancedFaults: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Categories are ignored: operations of one category execute at once.
    public static let ignoresExclusivity = AdvancedFaults(rawValue: 1 << 0)
    /// A failed condition is recorded but the body runs anyway.
    public static let runsBodyAfterFailedCondition = AdvancedFaults(rawValue: 1 << 1)
    /// A group finishes as soon as it added its children (PSOperations #87's shape).
    public static let groupFinishesBeforeChildren = AdvancedFaults(rawValue: 1 << 2)
    /// Finish observers are called twice.
    public static let finishObserversTwice = AdvancedFaults(rawValue: 1 << 3)
    /// Finish observers are never called.
    public static let finishObserversNever = AdvancedFaults(rawValue: 1 << 4)
    /// Cancelling a running operation finishes it (observers, state) while its body still runs
    /// (PSOperations #74).
    public static let cancelFinishesRunning = AdvancedFaults(rawValue: 1 << 5)
    /// Conditions are evaluated one after the other.
    public static let evaluatesConditionsSequentially = AdvancedFaults(rawValue: 1 << 6)
    /// Categories are taken one by one, in the order the operation lists them, each waiting while
    /// holding the previous ones: the classic lock-ordering deadlock.
    public static let acquiresOneByOne = AdvancedFaults(rawValue: 1 << 7)
}

/// A queue type whose advanced layer carries deliberate bugs (test mutants only).
@_spi(Mutants)
public protocol AdvancedFaultInjecting {
    static var advancedFaults: AdvancedFaults { get }
}
