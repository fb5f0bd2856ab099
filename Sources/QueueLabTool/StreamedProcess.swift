import Foundation
import QueueLabBenchmarks

/// A child process whose output the user watches as it comes (a build, a bench run), unlike
/// `ChildProcess`, which collects output to parse it.
enum StreamedProcess {
    /// Where the child's standard output goes: the gate's verdict is its own standard output, so
    /// everything before it (builds, sampling progress) goes to standard error.
    enum Output {
        case standardOutput
        case standardError
    }

    /// How long a child stopped at its deadline gets to end after SIGTERM before SIGKILL, and
    /// after SIGKILL before it is given up on.
    static let grace = DispatchTimeInterval.seconds(10)

    /// Runs `executable` with `arguments` in `directory` and returns its exit status (128 + the
    /// signal when a signal ended it, as a shell reports it). At `deadline` a child still running
    /// is sent SIGTERM, then SIGKILL: the wait is bounded.
    static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, output: Output = .standardError,
        deadline: ContinuousClock.Instant? = nil, environment: [String: String] = [:]
    ) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = FileHandle.nullDevice
        if output == .standardError { process.standardOutput = FileHandle.standardError }
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        // A queuelab child (the gate's bench) ends with this process even if it is killed with SIGKILL.
        process.environment = LiveChildren.childEnvironment(
            LiveChildren.parentEntry.merging(environment) { _, new in new })
        LiveChildren.parkIfStopping()
        try process.run()
        LiveChildren.started(process.processIdentifier, executable: executable)
        defer { LiveChildren.ended(process.processIdentifier) }
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline)
            let nanoseconds =
                left <= .zero
                ? 0
                : Int(left.components.seconds) * 1_000_000_000
                    + Int(left.components.attoseconds / 1_000_000_000)
            if ended.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
                process.terminate()
                if ended.wait(timeout: .now() + grace) == .timedOut {
                    kill(process.processIdentifier, SIGKILL)
                    guard ended.wait(timeout: .now() + grace) == .success else { return 128 + SIGKILL }
                }
            }
        } else {
            ended.wait()
        }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
    }
}
