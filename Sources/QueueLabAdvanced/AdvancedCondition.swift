import QueueLabCore

/// What a condition's evaluation found.
public enum ConditionResult: Sendable {
    case satisfied
    /// The operation finishes with this error and its body never runs.
    case failed(any Error)
}

/// A precondition of an ``AdvancedOperation``, after the WWDC 2015 "Advanced NSOperations" design.
///
/// A condition is evaluated once, after the operation's dependencies (including the one the
/// condition supplied) finished and before its body would run. The conditions of one operation
/// are evaluated concurrently; a failed one finishes the operation with its error.
public protocol AdvancedCondition: Sendable {
    /// Used in errors and reports.
    var name: String { get }
    /// A mutual-exclusivity category the operation then holds while it executes, or nil.
    var exclusivityCategory: String? { get }
    /// An operation to run first ("log in" before "like"): the queue adds it before `operation`,
    /// and `operation` depends on it. Called once, when `operation` is added to its queue.
    func dependency<Q: OperationQueueing>(for operation: AdvancedOperation<Q>) -> AdvancedOperation<Q>?
    /// Reports the result through `completion`, once, from any thread, now or later.
    /// Never called while the layer holds a lock.
    func evaluate<Q: OperationQueueing>(
        for operation: AdvancedOperation<Q>, completion: @escaping @Sendable (ConditionResult) -> Void)
}

extension AdvancedCondition {
    /// No category: by default a condition declares no mutual exclusivity.
    public var exclusivityCategory: String? { nil }
    /// No operation: by default a condition supplies no dependency.
    public func dependency<Q: OperationQueueing>(for operation: AdvancedOperation<Q>) -> AdvancedOperation<Q>? { nil }
}

/// The error a condition fails with when it has nothing more specific to say.
public struct ConditionFailed: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failed condition's name (``AdvancedCondition/name``).
    public let condition: String
    /// Why it failed, in words.
    public let reason: String

    /// An error saying that the condition named `condition` failed, and why.
    public init(condition: String, reason: String) {
        self.condition = condition
        self.reason = reason
    }

    public var description: String { "condition \(condition) failed: \(reason)" }
}

/// Only declares a category: operations carrying it never execute at the same time
/// (the talk's `MutuallyExclusive<UIViewController>`; here the category is a string, e.g. "alert").
public struct MutuallyExclusive: AdvancedCondition {
    /// The category; at most one operation carrying it executes at a time.
    public let category: String

    /// A condition that declares `category`.
    public init(_ category: String) { self.category = category }

    /// `MutuallyExclusive(CATEGORY)`.
    public var name: String { "MutuallyExclusive(\(category))" }
    /// ``category``: the operation holds it while it executes.
    public var exclusivityCategory: String? { category }

    /// Reports `satisfied` at once: the category is the only constraint.
    public func evaluate<Q: OperationQueueing>(
        for operation: AdvancedOperation<Q>, completion: @escaping @Sendable (ConditionResult) -> Void
    ) {
        completion(.satisfied)
    }
}

/// A condition from a closure evaluated synchronously (on a thread of its own when the operation
/// has several conditions).
public struct BlockCondition: AdvancedCondition {
    /// Used in errors and reports.
    public let name: String
    private let check: @Sendable () -> ConditionResult

    /// A condition named `name` whose result `check` returns; `check` runs once per evaluation.
    public init(name: String, _ check: @escaping @Sendable () -> ConditionResult) {
        self.name = name
        self.check = check
    }

    /// Runs the closure and reports its result at once, on the thread that evaluates the condition.
    public func evaluate<Q: OperationQueueing>(
        for operation: AdvancedOperation<Q>, completion: @escaping @Sendable (ConditionResult) -> Void
    ) {
        completion(check())
    }
}
