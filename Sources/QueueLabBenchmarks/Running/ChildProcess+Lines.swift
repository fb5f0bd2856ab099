import Foundation
import QueueLabCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a child run line by line ended (``ChildProcess/runLines(_:firstLineWithin:onLine:)``).
package struct ChildEnd: Sendable {
    /// The exit status; for a child a signal ended, the signal number (see ``signal``).
    package let status: Int32
    /// The signal that ended the child, nil when it exited.
    package let signal: Int32?
    /// The child said nothing for longer than it was allowed, and was killed.
    package let timedOut: Bool
    /// The last lines of its standard error (at most ``ChildProcess/standardErrorExcerptLines``).
    package let standardErrorExcerpt: [String]

    package init(status: Int32, signal: Int32?, timedOut: Bool, standardErrorExcerpt: [String]) {
        self.status = status
        self.signal = signal
        self.timedOut = timedOut
        self.standardErrorExcerpt = standardErrorExcerpt
    }

    /// Exited with status 0.
    package var isCleanExit: Bool { signal == nil && status == 0 && !timedOut }

    /// "signal 6 (SIGABRT)", "exit status 3", "killed after saying nothing for 70 s".
    package var description: String {
        if timedOut { return "killed after it stopped answering" }
        if let signal { return "signal \(signal) (\(Self.signalName(signal)))" }
        return "exit status \(status)"
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL, a Swift trap: precondition, fatalError, overflow, force unwrap"
        case SIGTRAP: "SIGTRAP, a Swift trap: precondition, fatalError, overflow, force unwrap"
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: "signal"
        }
    }
}

extension ChildProcess {
    /// How many lines of a child's standard error a ``ChildEnd`` keeps.
    package static let standardErrorExcerptLines = 16

    /// Runs `command`, handing each line of its standard output to `onLine` as it comes, which
    /// returns how long the child may take to say its next line. A child silent for longer than
    /// that (or than `firstLineWithin` before its first line) is terminated, then killed.
    ///
    /// Unlike ``run(_:timeout:)``, which bounds a child's whole life, this bounds each step of a
    /// child that reports its steps: `conform` gives each check its own bound.
    package static func runLines(
        _ command: ChildCommand, firstLineWithin: Duration, onLine: (String) -> Duration
    ) throws -> ChildEnd {
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
        LiveChildren.parkIfStopping()
        try process.run()
        LiveChildren.started(process.processIdentifier, executable: command.executable)
        defer { LiveChildren.ended(process.processIdentifier) }

        let lines = LineChannel()
        let tail = ErrorTail(keeping: standardErrorExcerptLines)
        let readers = DispatchGroup()
        readers.enter()
        DispatchQueue.global().async {
            let reader = output.fileHandleForReading
            while case let data = reader.availableData, !data.isEmpty { lines.append(data) }
            try? reader.close()
            lines.close()
            readers.leave()
        }
        readers.enter()
        DispatchQueue.global().async {
            let reader = errors.fileHandleForReading
            while case let data = reader.availableData, !data.isEmpty { tail.append(data) }
            try? reader.close()
            readers.leave()
        }

        var timedOut = false
        var allowed = firstLineWithin
        while true {
            switch lines.next(within: allowed) {
            case .line(let line): allowed = onLine(line)
            case .closed: break
            case .timedOut:
                timedOut = true
                process.terminate()
                if exited.wait(timeout: .now() + .seconds(2)) == .timedOut {
                    kill(process.processIdentifier, SIGKILL)
                }
            }
            if timedOut || lines.isClosed { break }
        }
        // The output closed: the child is ending. Bounded all the same: a child that closed its
        // output and went on must not hang the parent.
        if exited.wait(timeout: .now() + .seconds(10)) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + .seconds(5))
        }
        // Bounded: a grandchild holding the pipes open must not hang the parent either.
        _ = readers.wait(timeout: .now() + .seconds(5))
        let bySignal = !process.isRunning && process.terminationReason == .uncaughtSignal
        return ChildEnd(
            status: process.isRunning ? -1 : process.terminationStatus,
            signal: bySignal ? process.terminationStatus : nil, timedOut: timedOut, standardErrorExcerpt: tail.lines)
    }
}

/// A child's standard output cut into lines, handed from the reading thread to the waiting one.
private final class LineChannel: Sendable {
    private struct Lines {
        var pending = Data()
        var ready: [String] = []
        var closed = false
    }

    private let lines = Locked(Lines())

    enum Next {
        case line(String)
        case closed
        case timedOut
    }

    func append(_ data: Data) {
        lines.withLockWakingWaiters { lines in
            lines.pending.append(data)
            while let newline = lines.pending.firstIndex(of: UInt8(ascii: "\n")) {
                lines.ready.append(String(decoding: lines.pending[lines.pending.startIndex..<newline], as: UTF8.self))
                lines.pending.removeSubrange(lines.pending.startIndex...newline)
            }
        }
    }

    func close() {
        lines.withLockWakingWaiters { lines in
            if !lines.pending.isEmpty { lines.ready.append(String(decoding: lines.pending, as: UTF8.self)) }
            lines.pending = Data()
            lines.closed = true
        }
    }

    var isClosed: Bool { lines.withLock { $0.closed && $0.ready.isEmpty } }

    /// The next line, or `.closed` once the output ended and every line was taken, or `.timedOut`.
    func next(within allowed: Duration) -> Next {
        lines.wait(until: Deadline(after: allowed)) { lines -> Next? in
            if !lines.ready.isEmpty { return .line(lines.ready.removeFirst()) }
            return lines.closed ? .closed : nil
        } ?? .timedOut
    }
}

/// The first lines of a child's standard error: a crashing queue may print much before it dies,
/// and Swift's backtracer prints the trap's message first, then frames, then registers.
private final class ErrorTail: Sendable {
    private let tail = Locked((text: Data(), dropped: false))
    private let keeping: Int

    init(keeping: Int) { self.keeping = keeping }

    func append(_ data: Data) {
        tail.withLock { tail in
            // Bounded memory: far more than the lines kept need.
            if tail.text.count < 64 << 10 { tail.text.append(data) } else { tail.dropped = true }
        }
    }

    var lines: [String] {
        let (text, dropped) = tail.withLock { $0 }
        let all = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        let kept = all.prefix(keeping).map(String.init)
        let more = all.count - kept.count
        return more > 0 || dropped ? kept + ["(\(dropped ? "more than \(more)" : "\(more)") more lines)"] : kept
    }
}
