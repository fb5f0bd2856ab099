import QueueLabCore

/// How busy one queue's slots were over the run, and how much of their capacity was lost: slot-time
/// free while operations of the queue were ready (at most one free slot per waiting operation, since
/// a slot nothing could use is not lost).
public struct QueueUtilisation: Sendable, Encodable {
    /// The queue's index in the run.
    public var queue: Int
    /// The queue's name, as the trace recorded it.
    public var name: String
    /// The queue's width or, when the implementation chose it (-1), the most operations it ran at once.
    public var width: Int
    /// ``width`` was inferred from the run (the queue's width was -1).
    public var widthInferred: Bool
    /// The length of one time bucket of ``busySlots``, ``lostSlots`` and ``addPathSlots``, in nanoseconds
    /// (at least 1).
    public var bucketNanoseconds: Int
    /// Average taken slots per time bucket, from the run's first addition to its last finish.
    public var busySlots: [Double]
    /// Average free slots while work was ready, per time bucket.
    public var lostSlots: [Double]
    /// Average free slots with nothing ready while an add call of the queue was in progress, per time
    /// bucket (all zero in a trace without add calls).
    public var addPathSlots: [Double]
    /// Slot-time free while operations of the queue were ready and the queue was not suspended, from
    /// the run's first addition to its last finish: the capacity the queue lost.
    public var capacityLostNanoseconds: Int
    /// Slot-time free with nothing of the queue ready while an add call of the queue was in progress:
    /// lost to the queue's add path (the producer was inside the queue, not doing its own work).
    public var addPathLostNanoseconds: Int
    /// Slot-time free while operations of the queue were ready and the queue was suspended: held by
    /// its owner, not lost by the queue (zero in a trace that does not record suspensions).
    public var suspendedNanoseconds: Int
    /// Slot-time free while nothing of the queue was ready and no add call of it was in progress
    /// (waiting for the work's arrival or its dependencies, not for the queue): the width's slot-time
    /// less the taken, the lost, the suspended and the add path's.
    public var idleNanoseconds: Int
    /// Taken slot-time over the width's slot-time for the run.
    public var utilisation: Double

    /// - Complexity: O(b log e) for b buckets and e events of the queue.
    init(
        queue: Int, name: String, timeline: QueueTimeline, adds: AddWindows, origin: Int, end: Int, buckets: Int
    ) {
        self.queue = queue
        self.name = name
        width = timeline.width
        widthInferred = timeline.widthInferred
        let span = Swift.max(1, end - origin)
        let count = Swift.max(1, buckets)
        bucketNanoseconds = Swift.max(1, span / count)
        var busy: [Double] = []
        var lost: [Double] = []
        var addPath: [Double] = []
        for bucket in 0..<count {
            let from = origin + span * bucket / count
            let to = origin + span * (bucket + 1) / count
            let length = Double(Swift.max(1, to - from))
            busy.append(Double(timeline.busySlotTime(until: to) - timeline.busySlotTime(until: from)) / length)
            lost.append(Double(timeline.lostSlotTime(until: to) - timeline.lostSlotTime(until: from)) / length)
            addPath.append(Double(adds.idleSlotTime(until: to) - adds.idleSlotTime(until: from)) / length)
        }
        busySlots = busy
        lostSlots = lost
        addPathSlots = addPath
        addPathLostNanoseconds = adds.idleSlotTime(until: end) - adds.idleSlotTime(until: origin)
        capacityLostNanoseconds = timeline.lostSlotTime(until: end) - timeline.lostSlotTime(until: origin)
        let taken = timeline.busySlotTime(until: end) - timeline.busySlotTime(until: origin)
        utilisation = Double(taken) / (Double(width) * Double(span))
        suspendedNanoseconds = timeline.heldSlotTime(until: end) - timeline.heldSlotTime(until: origin)
        idleNanoseconds = Swift.max(
            0, width * span - taken - capacityLostNanoseconds - suspendedNanoseconds - addPathLostNanoseconds)
    }
}
