/// One thing that happens at a virtual time. Ordered by time, then by the order it was scheduled
/// in, so that a run is a pure function of its inputs (no two events ever compare equal).
struct SimulationEvent: Comparable {
    enum Kind: UInt8 {
        /// An operation of an open workload is added.
        case arrival
        /// A new worker's first look for work (it was never parked: it consumes no wake token).
        case workerStarts
        /// A parked worker, woken, looks for work.
        case workerWakes
        /// A body (and the operation's own overhead) ends on its core.
        case bodyEnds
        /// A worker has handed off to an operation's dependents and looks for its next operation.
        case handOffEnds
        /// A recording's cancel of an operation, at its recorded time after the add.
        case cancel
        /// A worker has retired an operation it took cancelled (no body ran).
        case cancelledEnds
        /// A recording's suspension, resumption or change of width (`operation`: its index in
        /// ``SimulationShape/queueChanges``).
        case queueChange
    }

    let time: UInt64
    let sequence: UInt64
    let kind: Kind
    let worker: Int32
    let operation: Int32

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.time, lhs.sequence) < (rhs.time, rhs.sequence)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.sequence == rhs.sequence }
}
