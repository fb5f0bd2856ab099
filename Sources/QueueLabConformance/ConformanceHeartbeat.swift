/// A sign of life from a running check, for whoever supervises the process it runs in: told at
/// most once per ``interval``, and only when the check's queues moved since the last time.
///
/// A supervisor that only sees silence cannot tell a check starved of CPU on a loaded machine
/// from a stuck one; the check itself can, since it watches its queues move. `conform` runs each
/// implementation's checks in a child process that prints a line for every beat, and the parent
/// keeps a check alive while the lines come.
public struct ConformanceHeartbeat: Sendable {
    /// The shortest time between two beats.
    public var interval: Duration
    /// Called on the thread that called ``ConformanceSuite``'s `run`, never while a lock is held.
    public var beat: @Sendable () -> Void

    /// A heartbeat that calls `beat` at most once per `interval` (5 seconds by default), and only
    /// when the check's queues moved since the last beat.
    public init(every interval: Duration = .seconds(5), beat: @escaping @Sendable () -> Void) {
        self.interval = interval
        self.beat = beat
    }
}
