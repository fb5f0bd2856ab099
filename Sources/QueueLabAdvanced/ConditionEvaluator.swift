import Foundation
import QueueLabCore

/// Evaluates an operation's conditions, all at once, and reports the failures once every
/// condition answered.
///
/// With several conditions, all but the first get a thread of their own, started before the first
/// is evaluated on the calling thread: on Dispatch's global pool a condition could wait for a
/// thread for seconds when other work blocks the pool (seen under ThreadSanitizer with the test
/// suite running), and conditions meant to run at the same time would run one after the other.
enum ConditionEvaluator {
    static func evaluate<Q: OperationQueueing>(
        _ conditions: [any AdvancedCondition], for operation: AdvancedOperation<Q>, sequentially: Bool,
        completion: @escaping @Sendable ([any Error]) -> Void
    ) {
        guard !conditions.isEmpty else {
            completion([])
            return
        }
        let results = ConditionResults(count: conditions.count, completion: completion)
        if sequentially {
            evaluateInTurn(conditions[...], operation, results)
            return
        }
        if conditions.count == 1 {
            conditions[0].evaluate(for: operation) { results.set(0, $0) }
            return
        }
        for (index, condition) in conditions.enumerated().dropFirst() {
            let thread = Thread { condition.evaluate(for: operation) { results.set(index, $0) } }
            thread.name = "queuelab.condition.\(condition.name)"
            thread.start()
        }
        conditions[0].evaluate(for: operation) { results.set(0, $0) }
    }

    /// The deliberately wrong way (a mutant only): each condition after the previous answered.
    private static func evaluateInTurn<Q: OperationQueueing>(
        _ conditions: ArraySlice<any AdvancedCondition>, _ operation: AdvancedOperation<Q>, _ results: ConditionResults
    ) {
        guard let first = conditions.first else { return }
        let index = conditions.startIndex
        first.evaluate(for: operation) { result in
            results.set(index, result)
            evaluateInTurn(conditions.dropFirst(), operation, results)
        }
    }
}

/// Collects one result per condition (a second answer from the same condition is ignored) and
/// calls the completion, outside its lock, when the last arrives.
final class ConditionResults: Sendable {
    /// One slot per condition, and how many are still empty.
    private let state: Locked<(results: [ConditionResult?], remaining: Int)>
    private let completion: @Sendable ([any Error]) -> Void

    init(count: Int, completion: @escaping @Sendable ([any Error]) -> Void) {
        state = Locked((Array(repeating: nil, count: count), count))
        self.completion = completion
    }

    func set(_ index: Int, _ result: ConditionResult) {
        let failures = state.withLock { state -> [any Error]? in
            guard state.results[index] == nil else { return nil }
            state.results[index] = result
            state.remaining -= 1
            guard state.remaining == 0 else { return nil }
            return state.results.compactMap { result -> (any Error)? in
                if case .failed(let error)? = result { return error }
                return nil
            }
        }
        if let failures { completion(failures) }
    }
}
