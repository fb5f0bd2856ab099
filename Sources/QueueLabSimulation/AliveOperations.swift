/// The run's operations alive (made, not yet finished), by index.
///
/// Closed workloads, recordings, `inversion` and `priority` keep a slot for every operation of the
/// run: a closed one's are all alive at once, and a recording's may be made before they arrive (a
/// dependency added later), out of index order. An `open` run's operations are made in index order
/// as they arrive, so the table slides: it drops the slots before the oldest one alive, and its
/// memory is in the span from the oldest alive to the newest, not in the operations of the run.
struct AliveOperations {
    private var slots: [SimulatedOperation?]
    /// The index of `slots[0]`: every operation below it has finished.
    private var base = 0
    /// How many slots from the first are finished (sliding only): dropped in bulk, once they are
    /// more than half of the slots, so that each event costs O(1) amortised.
    private var finishedAhead = 0
    private let slides: Bool

    /// `count` empty slots, made as the run goes; a sliding table starts with none and grows by
    /// ``append(_:)`` alone.
    init(count: Int, sliding: Bool) {
        slides = sliding
        slots = sliding ? [] : Array(repeating: nil, count: count)
    }

    /// Nil before it is made and after it finished.
    subscript(index: Int) -> SimulatedOperation? {
        get { index < base ? nil : slots[index - base] }
        set { slots[index - base] = newValue }
    }

    /// The index the next appended operation takes.
    var endIndex: Int { base + slots.count }

    mutating func append(_ operation: SimulatedOperation) { slots.append(operation) }

    /// The operation at `index` finished: nothing of it stays.
    mutating func free(_ index: Int) {
        slots[index - base] = nil
        guard slides else { return }
        while finishedAhead < slots.count, slots[finishedAhead] == nil { finishedAhead += 1 }
        if finishedAhead > 1_024, finishedAhead * 2 > slots.count {
            slots.removeFirst(finishedAhead)
            base += finishedAhead
            finishedAhead = 0
        }
    }
}
