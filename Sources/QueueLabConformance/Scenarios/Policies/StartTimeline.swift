import Foundation
import QueueLabCore

/// The body starts of a serial queue in the order they happened, with their times, and counts of
/// operations added and started: what `priority.no-starvation` measures waits and turns from.
final class StartTimeline: @unchecked Sendable {
    // @unchecked Sendable: every stored property is only touched while `condition` is locked.
    struct Start: Sendable {
        let name: String
        let nanoseconds: UInt64
        /// Index of the starved operation, nil for stream work.
        let starved: Int?
    }

    private let condition = NSCondition()
    private var starts: [Start] = []
    private var added = 0
    private var starvedStarts = 0

    /// A body starts: call first thing in the body.
    func started(_ name: String, starved: Int? = nil) {
        let now = MonotonicClock.now()
        condition.lock()
        starts.append(Start(name: name, nanoseconds: now, starved: starved))
        if starved != nil { starvedStarts += 1 }
        condition.broadcast()
        condition.unlock()
    }

    /// An add returned.
    func noteAdded(_ count: Int = 1) {
        condition.lock()
        added += count
        condition.unlock()
    }

    var addedCount: Int { locked { added } }
    var startedCount: Int { locked { starts.count } }
    var snapshot: [Start] { locked { starts } }

    /// Waits until `count` bodies started (all kinds), or `deadline`; returns whether they did.
    func waitForStarts(_ count: Int, until deadline: UInt64) -> Bool {
        wait(until: deadline) { starts.count >= count }
    }

    /// Waits until `count` starved operations started, or `deadline`; returns whether they did.
    func waitForStarvedStarts(_ count: Int, until deadline: UInt64) -> Bool {
        wait(until: deadline) { starvedStarts >= count }
    }

    private func wait(until deadline: UInt64, _ done: () -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !done() {
            let now = MonotonicClock.now()
            if now >= deadline { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
        }
        return true
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
