import QueueLabCore

/// What every operation body of a sample does around its work: count concurrency, spin the
/// configured time, and, for one operation in `latencyEvery`, read the clock and record latencies.
///
/// Reading the clock and recording costs far more than an empty operation's share of the queue;
/// doing it for a sampled subset (by default 1 in 64) keeps throughput figures honest (the cost on
/// one machine: `results/README.md`, "Figures the documentation used to show").
package final class OperationHarness: @unchecked Sendable {
    // Safe to share: slot `i / latencyEvery` of `enqueueStamps` is written once, by the thread that adds
    // operation `i`, before the add hands the operation to the queue; it is read only by the body of
    // operation `i`, which the queue starts after that add (the queue's own synchronisation orders the
    // write before the read). Slot `i / latencyEvery` of `finishStamps` is written once, by the body of
    // operation `i`, and read by `finishTimes()` only after the queue drained (the drain's wait orders
    // every body before it). `phaseCPUStart` and `phaseCPUNanoseconds` are written and read only by
    // the thread that runs the timed phase (it starts and ends the phase, then reads the figures).
    // Everything else is immutable or atomic.
    package let latencyEvery: Int
    package let workNanoseconds: UInt64
    package let slowdownNanoseconds: UInt64
    package let meter = ConcurrencyMeter()
    package let recorder = LatencyRecorder()
    private let enqueueStamps: UnsafeMutableBufferPointer<UInt64>
    /// Allocated with the harness, before the timed phase: a store per sampled operation is all the
    /// steady-state rate costs inside it (a histogram made lazily there added instructions to every
    /// operation of chain:n=500: `results/README.md`, "Figures the documentation used to show").
    private let finishStamps: UnsafeMutableBufferPointer<UInt64>
    /// Where a traced run's bodies stamp their own start and end; nil (every benchmark run) makes
    /// bodies without the stamps, so an untraced run pays nothing for them.
    package let bodyLog: (any BodySpanLog)?
    private var phaseCPUStart: UInt64 = 0
    /// The process's CPU time over the last timed phase (``ProcessCPUClock``).
    package private(set) var phaseCPUNanoseconds: UInt64 = 0

    package convenience init(
        operations: Int, latencyEvery: Int, workNanoseconds: UInt64 = 0, slowdownNanoseconds: UInt64 = 0
    ) {
        self.init(
            operations: operations, latencyEvery: latencyEvery, workNanoseconds: workNanoseconds,
            slowdownNanoseconds: slowdownNanoseconds, bodyLog: nil)
    }

    package init(
        operations: Int, latencyEvery: Int, workNanoseconds: UInt64 = 0, slowdownNanoseconds: UInt64 = 0,
        bodyLog: (any BodySpanLog)?
    ) {
        self.bodyLog = bodyLog
        self.latencyEvery = Swift.max(1, latencyEvery)
        self.workNanoseconds = workNanoseconds
        self.slowdownNanoseconds = slowdownNanoseconds
        enqueueStamps = .allocate(capacity: Swift.max(1, operations / self.latencyEvery + 1))
        enqueueStamps.initialize(repeating: 0)
        finishStamps = .allocate(capacity: enqueueStamps.count)
        finishStamps.initialize(repeating: 0)
    }

    /// The timed phase's ends, on the thread that runs it.
    func timedPhaseStarts() { phaseCPUStart = ProcessCPUClock.now() }
    func timedPhaseEnds() { phaseCPUNanoseconds = ProcessCPUClock.now() &- phaseCPUStart }

    deinit {
        enqueueStamps.deallocate()
        finishStamps.deallocate()
    }

    /// When the sampled operations that ran finished, ascending; call after the queue drained.
    package func finishTimes() -> [UInt64] {
        finishStamps.filter { $0 != 0 }.sorted()
    }

    @inline(__always)
    package func isSampled(_ index: Int) -> Bool { index % latencyEvery == 0 }

    /// Call just before adding operation `index` (or the batch holding it).
    @inline(__always)
    package func willAdd(_ index: Int) {
        if isSampled(index) { enqueueStamps[index / latencyEvery] = MonotonicClock.now() }
    }

    /// The first thing a body does; returns the start time for sampled operations (else 0).
    @inline(__always)
    package func begin(_ index: Int) -> UInt64 {
        meter.enter()
        return isSampled(index) ? MonotonicClock.now() : 0
    }

    /// The work itself: the workload's spin plus the test-only slowdown.
    @inline(__always)
    package func work() {
        MonotonicClock.spin(nanoseconds: workNanoseconds &+ slowdownNanoseconds)
    }

    /// The last thing before the operation finishes (body return, or `finish()` for asynchronous ones).
    @inline(__always)
    package func end(_ index: Int, started: UInt64, priorityLevel: Int = -1) {
        if isSampled(index) {
            let finished = MonotonicClock.now()
            finishStamps[index / latencyEvery] = finished
            recorder.record(
                enqueued: enqueueStamps[index / latencyEvery], started: started, finished: finished,
                priorityLevel: priorityLevel)
        }
        meter.leave()
    }

    /// A synchronous body for operation `index`: begin, work, end. In a traced run the body also
    /// stamps its first and last clock reading into the trace; the choice is made here, once per
    /// body, so that the untraced body is the same closure as before tracing existed.
    package func synchronousBody<Operation: QueueOperation>(
        _ index: Int, priorityLevel: Int = -1
    ) -> OperationBody<Operation> {
        if let bodyLog {
            return .synchronous { [self] operation in
                let stampedStart = MonotonicClock.now()
                let started = begin(index)
                work()
                end(index, started: started, priorityLevel: priorityLevel)
                bodyLog.noteBody(operation.id, start: stampedStart, end: MonotonicClock.now())
            }
        }
        return .synchronous { [self] _ in
            let started = begin(index)
            work()
            end(index, started: started, priorityLevel: priorityLevel)
        }
    }
}
