import Foundation
import QueueLabCore

/// A thread-safe list of named events, in the order they happened.
final class EventLog: Sendable {
    private struct State {
        var events: [String] = []
        var running: [String: Int] = [:]
        var peak: [String: Int] = [:]
    }

    private let state = Locked(State())

    func append(_ event: String) { state.withLock { $0.events.append(event) } }

    var all: [String] { state.withLock { $0.events } }

    func count(_ event: String) -> Int { all.filter { $0 == event }.count }

    func index(_ event: String) -> Int? { all.firstIndex(of: event) }

    /// Enters a category; returns how many were inside it, this one included.
    func enter(_ categories: [String]) {
        state.withLock { state in
            for category in categories {
                state.running[category, default: 0] += 1
                state.peak[category] = max(state.peak[category] ?? 0, state.running[category]!)
            }
        }
    }

    func leave(_ categories: [String]) {
        state.withLock { state in
            for category in categories { state.running[category, default: 0] -= 1 }
        }
    }

    var peaks: [String: Int] { state.withLock { $0.peak } }
}

/// A one-shot gate with a bounded wait.
final class TestGate: Sendable {
    private let isOpen = Locked(false)

    func open() { isOpen.withLockWakingWaiters { $0 = true } }

    @discardableResult
    func wait(seconds: Double = 30) -> Bool {
        isOpen.wait(until: Deadline(after: .seconds(seconds))) { $0 ? true : nil } ?? false
    }
}

/// How long a test waits for work that must finish: far beyond what it needs, so that a loaded CI
/// machine cannot fail it, and still bounded, so that a stuck queue fails it instead of hanging.
let settleBound: Duration = .seconds(30)
