import QueueLabCore

/// The body starts of a serial queue in the order they happened, with their times, and counts of
/// operations added and started: what `priority.no-starvation` measures waits and turns from.
final class StartTimeline: Sendable {
    struct Start: Sendable {
        let name: String
        let nanoseconds: UInt64
        /// Index of the starved operation, nil for stream work.
        let starved: Int?
    }

    private struct Timeline {
        var starts: [Start] = []
        var added = 0
        var starvedStarts = 0
    }

    private let timeline = Locked(Timeline())

    /// A body starts: call first thing in the body.
    func started(_ name: String, starved: Int? = nil) {
        let now = MonotonicClock.now()
        timeline.withLockWakingWaiters { timeline in
            timeline.starts.append(Start(name: name, nanoseconds: now, starved: starved))
            if starved != nil { timeline.starvedStarts += 1 }
        }
    }

    /// An add returned.
    func noteAdded(_ count: Int = 1) { timeline.withLock { $0.added += count } }

    var addedCount: Int { timeline.withLock { $0.added } }
    var startedCount: Int { timeline.withLock { $0.starts.count } }
    var snapshot: [Start] { timeline.withLock { $0.starts } }

    /// Waits until `count` bodies started (all kinds), or `deadline`; returns whether they did.
    func waitForStarts(_ count: Int, until deadline: UInt64) -> Bool {
        timeline.wait(until: Deadline(nanoseconds: deadline)) { $0.starts.count >= count ? true : nil } ?? false
    }

    /// Waits until `count` starved operations started, or `deadline`; returns whether they did.
    func waitForStarvedStarts(_ count: Int, until deadline: UInt64) -> Bool {
        timeline.wait(until: Deadline(nanoseconds: deadline)) { $0.starvedStarts >= count ? true : nil } ?? false
    }
}
