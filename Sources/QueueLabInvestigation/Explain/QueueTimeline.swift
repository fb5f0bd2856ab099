import QueueLabCore

/// One queue's slots over time, as step functions with running integrals, so that "how long was
/// every slot busy between a and b" is two binary searches, whatever the number of operations.
///
/// A slot is taken from an operation's `executing` to its `finished`; an operation is waiting from
/// `ready` until it executes (or finishes without executing).
struct QueueTimeline: Sendable {
    /// The slot limit: the queue's width, or, when the implementation chose it (-1), the most
    /// operations the queue ran at once in this run (what it chose, as far as the run shows).
    let width: Int
    /// The width was inferred from the run.
    let widthInferred: Bool
    /// Event times, ascending; the functions below are constant from `times[k]` to `times[k + 1]`.
    private(set) var times: [Int] = []
    /// Taken slots after event k.
    private(set) var busy: [Int] = []
    /// Waiting operations after event k.
    private(set) var waiting: [Int] = []
    /// Integrals from `times[0]` to `times[k]`: time with every slot taken, slot-time taken, and
    /// slot-time free while operations waited (free slots, at most as many as the waiting operations).
    private var saturatedSum: [Int] = []
    private var busySum: [Int] = []
    private var lostSum: [Int] = []
    /// Starts in time order, with each operation's position among them (``lastOtherStart(before:)``).
    private(set) var starts: [(time: Int, life: Int)] = []
    private var startRank: [Int: Int] = [:]
    /// Finishes that ended a saturated stretch (every slot taken before, one free after), in time order.
    private var freeingFinishes: [(time: Int, life: Int)] = []
    /// Slot-time lost a nanosecond after event k: free slots while operations waited, none while the
    /// queue was suspended (its owner held them).
    private var lostRate: [Int] = []
    /// The same for slot-time free while operations waited on the suspended queue.
    private var heldSum: [Int] = []
    private var heldRate: [Int] = []
    /// The queue's suspensions, in order, and the suspended time before each.
    private let suspensions: [(from: Int, until: Int)]
    private var suspendedBefore: [Int] = []

    init(width requested: Int, lives: [OperationLife], members: [Int], suspensions: [(from: Int, until: Int)] = []) {
        self.suspensions = suspensions
        var total = 0
        for suspension in suspensions {
            suspendedBefore.append(total)
            total += Swift.max(0, suspension.until - suspension.from)
        }
        // Kind 0 finishes before kind 1 starts at the same instant: a slot handed from one to the next
        // is never counted twice.
        var events: [(time: Int, kind: Int, life: Int)] = []
        events.reserveCapacity(members.count * 3)
        for member in members {
            let life = lives[member]
            events.append((life.ready, 2, member))
            if let executing = life.executing {
                events.append((executing, 1, member))
                events.append((life.finished, 0, member))
            } else {
                events.append((life.finished, 3, member))
            }
        }
        // Kinds 4 and 5: a suspension begins and ends (no operation).
        for suspension in suspensions {
            events.append((suspension.from, 4, -1))
            if suspension.until < Int.max { events.append((suspension.until, 5, -1)) }
        }
        events.sort { ($0.time, $0.kind) < ($1.time, $1.kind) }
        widthInferred = requested < 1
        if widthInferred {
            var running = 0
            var most = 1
            for event in events where event.kind <= 1 {
                running += event.kind == 1 ? 1 : -1
                most = Swift.max(most, running)
            }
            width = most
        } else {
            width = requested
        }
        times.reserveCapacity(events.count)
        var taken = 0
        var ready = 0
        var saturated = 0
        var busyTotal = 0
        var lost = 0
        var held = 0
        var isSuspended = false
        var previousTime = events.first?.time ?? 0
        for event in events {
            let span = event.time - previousTime
            if taken >= self.width { saturated += span }
            busyTotal += taken * span
            if taken < self.width {
                let free = Swift.min(self.width - taken, ready) * span
                if isSuspended { held += free } else { lost += free }
            }
            previousTime = event.time
            switch event.kind {
            case 0:
                if taken >= self.width { freeingFinishes.append((event.time, event.life)) }
                taken -= 1
            case 1:
                taken += 1
                ready -= 1
                startRank[event.life] = starts.count
                starts.append((event.time, event.life))
            case 2: ready += 1
            case 3: ready -= 1
            default: isSuspended = event.kind == 4
            }
            times.append(event.time)
            busy.append(taken)
            waiting.append(ready)
            saturatedSum.append(saturated)
            busySum.append(busyTotal)
            lostSum.append(lost)
            let free = taken < self.width ? Swift.min(self.width - taken, ready) : 0
            lostRate.append(isSuspended ? 0 : free)
            heldSum.append(held)
            heldRate.append(isSuspended ? free : 0)
        }
    }

    /// Suspended time between `a` and `b`: two binary searches.
    func suspended(from a: Int, to b: Int) -> Int {
        guard !suspensions.isEmpty, b > a else { return 0 }
        return suspended(before: b) - suspended(before: a)
    }

    /// Suspended time before `time`.
    private func suspended(before time: Int) -> Int {
        var low = 0
        var high = suspensions.count
        while low < high {
            let middle = (low + high) / 2
            if suspensions[middle].from <= time { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return 0 }
        let last = suspensions[low - 1]
        return suspendedBefore[low - 1] + Swift.max(0, Swift.min(time, last.until) - last.from)
    }

    /// The last event at or before `time`, or nil before the first.
    private func step(at time: Int) -> Int? {
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// Time with every slot taken, from the first event to `time`.
    func saturated(until time: Int) -> Int {
        guard let k = step(at: time) else { return 0 }
        return saturatedSum[k] + (busy[k] >= width ? time - times[k] : 0)
    }

    /// Slot-time taken from the first event to `time`.
    func busySlotTime(until time: Int) -> Int {
        guard let k = step(at: time) else { return 0 }
        return busySum[k] + busy[k] * (time - times[k])
    }

    /// Slot-time free while operations waited, from the first event to `time`.
    func lostSlotTime(until time: Int) -> Int {
        guard let k = step(at: time) else { return 0 }
        return lostSum[k] + lostRate[k] * (time - times[k])
    }

    /// Slot-time free while operations waited on the suspended queue, from the first event to `time`.
    func heldSlotTime(until time: Int) -> Int {
        guard let k = step(at: time) else { return 0 }
        return heldSum[k] + heldRate[k] * (time - times[k])
    }

    /// When the operation started before `life` did, if that was after `since`.
    func lastOtherStart(before life: Int, since: Int) -> Int? {
        guard let rank = startRank[life], rank > 0 else { return nil }
        let previous = starts[rank - 1].time
        return previous >= since ? previous : nil
    }

    /// The operation whose finish last freed a slot at or before `time` after every slot was taken.
    func slotFreer(before time: Int) -> (time: Int, life: Int)? {
        var low = 0
        var high = freeingFinishes.count
        while low < high {
            let middle = (low + high) / 2
            if freeingFinishes[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : freeingFinishes[low - 1]
    }
}
