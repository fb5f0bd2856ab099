import QueueLabCore

/// One queue's add calls as the queue's capacity sees them: merged into disjoint windows (two
/// producers adding at once are one window), with the slot-time that was idle (free, nothing of the
/// queue ready) inside them summed. A slot idle while the producer is inside the queue's add call is
/// waiting for the queue's own add path, not for the producer's work: ``QueueUtilisation`` counts it as
/// capacity lost to the add path rather than as idle.
struct AddWindows: Sendable {
    /// Disjoint, ascending.
    private(set) var windows: [(start: Int, end: Int)] = []
    /// Idle slot-time inside `windows[0..<k]`, for k = 0...windows.count.
    private var idleBefore: [Int] = [0]
    private let timeline: QueueTimeline

    /// - Parameter calls: the queue's add calls (entered, returned), in any order, repeats allowed.
    /// - Complexity: O(c log c + c log e) for c calls and e events of the queue.
    init(calls: [(start: Int, end: Int)], timeline: QueueTimeline) {
        self.timeline = timeline
        for call in calls.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
            if let last = windows.last, call.start <= last.end {
                windows[windows.count - 1].end = Swift.max(last.end, call.end)
            } else {
                windows.append(call)
            }
        }
        idleBefore.reserveCapacity(windows.count + 1)
        for window in windows { idleBefore.append(idleBefore[idleBefore.count - 1] + idle(window.start, window.end)) }
    }

    /// Slot-time free while nothing of the queue was ready, between `from` and `to`: the width's
    /// slot-time less the taken and the lost (free while work was ready).
    private func idle(_ from: Int, _ to: Int) -> Int {
        guard to > from else { return 0 }
        let taken = timeline.busySlotTime(until: to) - timeline.busySlotTime(until: from)
        let lost = timeline.lostSlotTime(until: to) - timeline.lostSlotTime(until: from)
        return Swift.max(0, timeline.width * (to - from) - taken - lost)
    }

    /// Idle slot-time inside the add windows, from the first window to `time`.
    ///
    /// - Complexity: O(log c + log e).
    func idleSlotTime(until time: Int) -> Int {
        var low = 0
        var high = windows.count
        while low < high {
            let middle = (low + high) / 2
            if windows[middle].start < time { low = middle + 1 } else { high = middle }
        }
        // Windows before `low` started before `time`; only the last of them can still be open.
        guard low > 0 else { return 0 }
        let open = windows[low - 1]
        return idleBefore[low - 1] + idle(open.start, Swift.min(open.end, time))
    }
}

/// The producer's side of the run: the queues' add calls (entered to returned, stamped by the tracing
/// wrapper) and the capacity the queues lost to them. `noop` is the case it was made for: its adding
/// thread is the bottleneck, and a width-1 queue's slot waits for the next add, most of it inside the
/// queue's own add call.
public struct AddPathSummary: Sendable, Encodable {
    /// Distinct add calls stamped (an `addOperations` call of many operations is one).
    public var calls: Int
    /// Operations added by a stamped call.
    public var operations: Int
    /// Time the producers spent inside the queues' add calls, summed over calls.
    public var inCallNanoseconds: Int
    /// Nearest-rank 50th percentile of one call's duration, in nanoseconds (0 when no call was stamped).
    public var callP50: Int
    /// Nearest-rank 99th percentile of one call's duration, in nanoseconds (0 when no call was stamped).
    public var callP99: Int
    /// Slot-time free with nothing ready while an add call of the slot's queue was in progress, over
    /// every queue (the sum of ``QueueUtilisation/addPathLostNanoseconds``).
    public var capacityLostNanoseconds: Int

    /// The producers' side in one line: "in the queue's add call: 200 calls adding 200 operations,
    /// 61.0 µs in all, per call p50 212 ns, p99 1.20 µs (producer side)".
    public var sentence: String {
        guard calls > 0 else { return "in the queue's add call: not stamped in this trace" }
        return "in the queue's add call: \(calls) call\(calls == 1 ? "" : "s") adding \(operations) "
            + "operation\(operations == 1 ? "" : "s"), \(ExplainText.duration(inCallNanoseconds)) in all, per call p50 "
            + "\(ExplainText.duration(callP50)), p99 \(ExplainText.duration(callP99)) (producer side)"
    }

    /// Per queue index (and one for operations of no known queue, last), the calls that added its
    /// operations; and the summary's call figures.
    static func calls(
        _ addCalls: [OperationID: RecordedRun.AddCall], queueOf: [OperationID: Int], queues: Int
    ) -> (perQueue: [[(start: Int, end: Int)]], summary: AddPathSummary) {
        var perQueue: [[(start: Int, end: Int)]] = Array(repeating: [], count: queues + 1)
        for (id, call) in addCalls {
            let queue = queueOf[id].flatMap { $0 >= 0 && $0 < queues ? $0 : nil } ?? queues
            perQueue[queue].append((Int(call.entered), Int(call.returned)))
        }
        var durations: [Int] = []
        for queue in perQueue.indices {
            // One call added several operations: keep it once.
            perQueue[queue].sort { ($0.start, $0.end) < ($1.start, $1.end) }
            var distinct: [(start: Int, end: Int)] = []
            distinct.reserveCapacity(perQueue[queue].count)
            for call in perQueue[queue] where distinct.last.map({ $0 != call }) ?? true { distinct.append(call) }
            perQueue[queue] = distinct
            durations += distinct.map { $0.end - $0.start }
        }
        durations.sort()
        let summary = AddPathSummary(
            calls: durations.count, operations: addCalls.count, inCallNanoseconds: durations.reduce(0, +),
            callP50: ClassSummary.percentile(durations, 50), callP99: ClassSummary.percentile(durations, 99),
            capacityLostNanoseconds: 0)
        return (perQueue, summary)
    }
}
