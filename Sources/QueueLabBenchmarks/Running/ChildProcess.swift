import Foundation
import QueueLabCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A command to run as a child process.
package struct ChildCommand: Sendable, Equatable {
    package var executable: String
    package var arguments: [String]
    /// Added to (and overriding) the parent's environment.
    package var environment: [String: String]

    package init(executable: String, arguments: [String], environment: [String: String] = [:]) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }
}

/// How a child process ended.
package struct ChildOutcome: Sendable {
    /// Exit status, or the signal number when a signal ended it (see ``signal``).
    package let status: Int32
    /// The signal that ended the child, nil when it exited (or still ran after its bound).
    package let signal: Int32?
    package let standardOutput: String
    package let standardError: String
    /// The child outlived its time bound and was killed.
    package let timedOut: Bool
    package let wallSeconds: Double

    /// "exit status 3", "signal 2 (SIGINT)": how it ended, for a message.
    package var ending: String {
        signal.map { "signal \($0) (\(ChildEnd.signalName($0)))" } ?? "exit status \(status)"
    }
}

/// Runs a child process with a time bound: a child that hangs is terminated (then killed) and
/// reported, so a stuck sample never stalls the run.
package enum ChildProcess {
    package static func run(_ command: ChildCommand, timeout: Duration) throws -> ChildOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command.executable)
        process.arguments = command.arguments
        process.environment = LiveChildren.childEnvironment(command.environment)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let started = MonotonicClockSeconds.now()
        LiveChildren.parkIfStopping()
        try process.run()
        LiveChildren.started(process.processIdentifier, executable: command.executable)
        defer { LiveChildren.ended(process.processIdentifier) }

        // Read both pipes while the child runs: a child that fills a pipe buffer would otherwise block.
        let readers = DispatchGroup()
        let collected = CollectedOutput()
        for (pipe, isError) in [(output, false), (errors, true)] {
            readers.enter()
            DispatchQueue.global().async {
                let reader = pipe.fileHandleForReading
                let data = reader.readDataToEndOfFile()
                // A pipe's read end stays open until closed: a bench held 1,486 descriptors after 740
                // samples, and Foundation's Process.run reads all of /proc/self/fd at every launch,
                // where an over-read at the end of a large listing crashed a bench (exit 139).
                try? reader.close()
                collected.store(data, isError: isError)
                readers.leave()
            }
        }
        var timedOut = false
        // Clamped: a bound of years is "never", not a trap converting UInt64.max to Int.
        if exited.wait(timeout: .now() + .nanoseconds(Int(clamping: timeout.nanoseconds))) == .timedOut {
            timedOut = true
            process.terminate()
            if exited.wait(timeout: .now() + .seconds(2)) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                _ = exited.wait(timeout: .now() + .seconds(5))
            }
        }
        // Bounded: a grandchild holding the pipes open must not hang the parent either.
        _ = readers.wait(timeout: .now() + .seconds(5))
        let (out, err) = collected.texts()
        let ended = !process.isRunning
        return ChildOutcome(
            status: ended ? process.terminationStatus : -1,
            signal: ended && process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil,
            standardOutput: out, standardError: err, timedOut: timedOut,
            wallSeconds: MonotonicClockSeconds.now() - started)
    }
}

enum MonotonicClockSeconds {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// The two pipes' contents, filled by two reader threads.
final class CollectedOutput: Sendable {
    private let pipes = Locked((output: Data(), errors: Data()))

    func store(_ data: Data, isError: Bool) {
        pipes.withLock { pipes in
            if isError { pipes.errors = data } else { pipes.output = data }
        }
    }

    func texts() -> (String, String) {
        pipes.withLock { (String(decoding: $0.output, as: UTF8.self), String(decoding: $0.errors, as: UTF8.self)) }
    }
}
