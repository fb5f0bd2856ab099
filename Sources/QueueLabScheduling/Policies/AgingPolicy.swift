import DequeModule
import QueueLabCore

/// Priority that rises with waiting: an operation's effective level is its level plus one for each
/// `step` it has been ready, capped at `veryHigh`; the highest effective level starts first, and
/// among equals the one ready first. So `veryHigh` work still overtakes fresh `veryLow` work, but
/// nothing waits without bound: see `PolicyDeclaration.waitBound(priority:backlog:width:longestBody:)`,
/// `wait ≤ (4 − level) · step + (⌊backlog / width⌋ + 1) · longestBody`.
///
/// Why no rescans: within a level the lists are FIFO, so a level's head is its oldest entry and
/// has the highest effective level of that level; only the five heads can win. A priority change
/// relists the operation at the back of its new level and restarts its wait (it keeps the lists
/// in ready order, which is what makes the heads enough).
///
/// - Complexity: push O(1) amortised; pop O(1) amortised: at most five heads compared (none while
///   only one level holds entries), each stale entry dropped once; remove and a priority change
///   O(1). Reads the clock when it lists an operation, and to pick only when two levels hold
///   entries.
public struct AgingPolicy: SchedulingPolicy {
    /// How long a wait raises an operation by one level.
    public let step: Duration
    private let stepNanoseconds: UInt64
    private var levels: [Deque<ReadyEntry>] = Array(repeating: Deque(), count: QueuePriority.allCases.count)
    /// Bit i set when level i may hold entries.
    private var nonEmptyLevels: UInt8 = 0
    /// Entries looked at by ``pop(now:)`` (heads compared and stale entries dropped).
    public private(set) var examined = 0

    /// The default step, 1 ms: a `veryLow` operation overtakes fresh `veryHigh` work after 4 ms.
    public static let defaultStep = Duration.milliseconds(1)

    /// - Parameter step: a step below one nanosecond is taken as one nanosecond.
    public init(step: Duration = AgingPolicy.defaultStep) {
        self.stepNanoseconds = max(1, step.nanoseconds)
        self.step = .nanoseconds(Int64(clamping: stepNanoseconds))
    }

    /// The parser's name for it: `aging`.
    public var name: String { "aging" }
    /// One parameter, ``step``, in the largest unit that divides it evenly (`step=2ms`).
    public var parameters: [PolicyParameter] { [PolicyParameter(key: "step", value: PolicyDuration.format(step))] }
    /// FIFO within a level, and a bounded wait.
    public var promises: OrderingPromises { [.fifoWithinLevel, .boundedWait] }
    /// True: a wait is measured from the moment an operation was listed.
    public var needsClock: Bool { true }
    /// The name, parameters and promises, with ``step`` as the aging step of the wait bound.
    public var declaration: PolicyDeclaration {
        PolicyDeclaration(name: name, parameters: parameters, promises: promises, agingStep: step)
    }

    /// Appends the entry to its level's list.
    public mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        let level = entry.level
        levels[level].append(entry)
        nonEmptyLevels |= levelBit(level)
    }

    /// Removes and returns the current head with the highest effective level (among equals, the one
    /// listed first), dropping the stale entries it meets; nil when it holds no current entry.
    /// `now` is `MonotonicClock` time in nanoseconds.
    public mutating func pop(now: UInt64) -> ReadyEntry? { pop(clock: { now }) }

    /// ``pop(now:)`` that reads the clock only when it has ages to compare: the machine calls this
    /// one, and spares the clock read when one level holds entries.
    mutating func pop(clock: () -> UInt64) -> ReadyEntry? {
        // One level holding entries (the common case): its oldest current entry wins, with no
        // stamp to read and no ages to compare.
        if nonEmptyLevels & (nonEmptyLevels &- 1) == 0 {
            guard nonEmptyLevels != 0 else { return nil }
            let level = nonEmptyLevels.trailingZeroBitCount
            while let entry = levels[level].popFirst() {
                examined &+= 1
                if entry.isCurrent { return entry }
            }
            nonEmptyLevels = 0
            return nil
        }
        let now = clock()
        var best = -1
        var bestEffective = -1
        var bestOrder = UInt64.max
        var candidates = nonEmptyLevels
        while candidates != 0 {
            let level = candidates.trailingZeroBitCount
            candidates &= candidates &- 1
            guard let head = currentHead(of: level) else { continue }
            let stamp = head.operation.readyStamp
            let effective = effectiveLevel(since: stamp.since, level: level, now: now)
            if effective > bestEffective || (effective == bestEffective && stamp.order < bestOrder) {
                best = level
                bestEffective = effective
                bestOrder = stamp.order
            }
        }
        return best < 0 ? nil : levels[best].popFirst()
    }

    /// The level's first current entry, after dropping the stale ones before it.
    private mutating func currentHead(of level: Int) -> ReadyEntry? {
        while let head = levels[level].first {
            examined &+= 1
            if head.isCurrent { return head }
            levels[level].removeFirst()
        }
        nonEmptyLevels &= ~levelBit(level)
        return nil
    }

    private func effectiveLevel(since: UInt64, level: Int, now: UInt64) -> Int {
        let top = QueuePriority.veryHigh.level
        let waited = now > since ? now - since : 0
        return level + Int(min(waited / stepNanoseconds, UInt64(top - level)))
    }
}
