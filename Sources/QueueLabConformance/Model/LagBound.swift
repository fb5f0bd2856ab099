import QueueLabCore

/// How long a state or a read may lag the call that changed it (an actor's hop publishing it).
///
/// A bound on the clock alone judges the machine, not the queue: on a starved machine the queue's
/// hop and the checker's thread wait for the same cores, and the hop can miss a bound the queue
/// meets on an idle one. So the lag has passed its bound only when the clock passed `clock` and
/// the checker itself had `turns` turns (each a wait of about a millisecond it was scheduled
/// for): a machine that gives the checker few turns gives the hop few too. `cap` bounds the
/// whole wait however starved the machine is, so a state that never arrives still fails.
struct LagBound {
    private let clock: Deadline
    private let cap: Deadline
    let turnsNeeded: Int
    private var turns = 0

    init(clock: Duration, turns: Int, cap: Duration) {
        self.clock = Deadline(after: clock)
        self.cap = Deadline(after: cap)
        turnsNeeded = turns
    }

    /// A quarter of the patience on the clock, at least half as many turns as its milliseconds
    /// (on an idle machine the clock decides), and never more than twice the patience.
    init(patience: Duration) {
        let clock = patience / 4
        self.init(clock: clock, turns: Int(clock.nanoseconds / 2_000_000), cap: patience * 2)
    }

    /// Counts one of the checker's turns: call once per wait.
    mutating func tookTurn() { turns += 1 }

    var hasPassed: Bool { cap.hasPassed || (turns >= turnsNeeded && clock.hasPassed) }
}
