import QueueLabCore

/// How long `conform` waits for the next line of a child process running one check.
///
/// Silence alone cannot tell a starved check from a stuck one: on a loaded machine a check that
/// takes 5 s alone took 115 s, and a fixed bound on the whole check cried STALE on a correct
/// queue. So the child reports its queues moving (``ConformanceHeartbeat``, one line every few
/// seconds while they move) and each line restarts the ``silence`` bound; a child that says
/// nothing for that long is stuck. A check that keeps moving may run on, but never past ``cap``
/// in all: a queue that moves forever without finishing must end STALE too, not hang the run.
struct ChildCheckWatch {
    /// How long the child may say nothing.
    let silence: Duration
    /// How long the check may run in all, however much it moves.
    let cap: Duration
    private let startedAt: UInt64
    private var lastLineAt: UInt64
    /// The bound last handed out ends at ``cap``, not after a silence.
    private(set) var endsAtCap = false

    init(silence: Duration, cap: Duration, now: UInt64 = MonotonicClock.now()) {
        self.silence = silence
        self.cap = cap
        startedAt = now
        lastLineAt = now
    }

    /// How long the child may take to say its next line, the last one having come `now`.
    mutating func nextBound(now: UInt64 = MonotonicClock.now()) -> Duration {
        lastLineAt = now
        let left = cap - ran(until: now)
        endsAtCap = left <= silence
        return max(.zero, min(silence, left))
    }

    /// What the check's STALE says: why its process was killed, and what was seen before.
    func staleSummary(killedAt now: UInt64 = MonotonicClock.now()) -> String {
        if endsAtCap {
            return "the check ran for \(Self.seconds(ran(until: now))), still reporting its queues moving, "
                + "past the cap of \(Self.seconds(cap)) for one check; its process was killed"
        }
        return "the process running the check said nothing for \(Self.seconds(silence)) "
            + "(no sign of its queues moving) after running it for "
            + "\(Self.seconds(ran(until: lastLineAt))), and was killed"
    }

    /// How long the check had run at `now`, in seconds: what its outcome reports.
    func seconds(until now: UInt64 = MonotonicClock.now()) -> Double { Double(ran(until: now).nanoseconds) / 1e9 }

    private func ran(until now: UInt64) -> Duration { .nanoseconds(Int64(now &- startedAt)) }

    private static func seconds(_ duration: Duration) -> String {
        "\(Int((Double(duration.nanoseconds) / 1e9).rounded())) s"
    }
}
