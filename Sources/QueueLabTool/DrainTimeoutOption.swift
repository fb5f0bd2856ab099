import ArgumentParser

/// `--drain-timeout` of the commands that run a workload in this process (trace, explain).
struct DrainTimeoutOption: ParsableArguments {
    /// Bounded: a larger value overflowed where the wait became nanoseconds and timed out at once.
    @Option(
        parsing: .unconditional,
        help: "Seconds the queue may take to drain before the run is reported as stalled, 1 to 86400.")
    var drainTimeout = 60

    var duration: Duration { .seconds(drainTimeout) }

    func validate() throws { try CountOption.check("--drain-timeout", drainTimeout, 1...86_400) }
}
