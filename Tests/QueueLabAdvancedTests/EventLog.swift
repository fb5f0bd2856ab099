import Foundation
import QueueLabCore

/// A thread-safe list of named events, in the order they happened.
final class EventLog: @unchecked Sendable {
    // @unchecked Sendable: `events` and `running` are only touched under `lock`.
    private let lock = NSLock()
    private var events: [String] = []
    private var running: [String: Int] = [:]
    private(set) var peak: [String: Int] = [:]

    func append(_ event: String) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }

    func count(_ event: String) -> Int { all.filter { $0 == event }.count }

    func index(_ event: String) -> Int? { all.firstIndex(of: event) }

    /// Enters a category; returns how many were inside it, this one included.
    func enter(_ categories: [String]) {
        lock.lock()
        for category in categories {
            running[category, default: 0] += 1
            peak[category] = max(peak[category] ?? 0, running[category]!)
        }
        lock.unlock()
    }

    func leave(_ categories: [String]) {
        lock.lock()
        for category in categories { running[category, default: 0] -= 1 }
        lock.unlock()
    }

    var peaks: [String: Int] {
        lock.lock()
        defer { lock.unlock() }
        return peak
    }
}

/// A one-shot gate with a bounded wait.
final class TestGate: @unchecked Sendable {
    // @unchecked Sendable: `isOpen` is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var isOpen = false

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    @discardableResult
    func wait(seconds: Double = 30) -> Bool {
        let end = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !isOpen { if !condition.wait(until: end) { return isOpen } }
        return true
    }
}

/// How long a test waits for work that must finish: far beyond what it needs, so that a loaded CI
/// machine cannot fail it, and still bounded, so that a stuck queue fails it instead of hanging.
let settleBound: Duration = .seconds(30)
