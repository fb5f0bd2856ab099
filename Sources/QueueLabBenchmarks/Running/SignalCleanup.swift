import Foundation
import QueueLabCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command that starts children does when SIGINT, SIGTERM or SIGHUP ends it: it ends every
/// child it started (``LiveChildren``) and their process groups, removes the files it registered,
/// then dies of the same signal (so its parent sees 128 + the signal, as without the handler).
package enum SignalCleanup {
    /// How long the children get to end (half after SIGINT, half after SIGTERM) before their
    /// groups are sent SIGKILL.
    package static let grace: Duration = .seconds(5)

    /// The handlers' sources, kept so that they stay alive.
    private struct InstalledSources: @unchecked Sendable {
        // @unchecked Sendable: Dispatch on Linux does not mark its sources Sendable. These are
        // made, given their handler, resumed and stored inside `sources.withLock`, and never read
        // again by this code on any thread: only Dispatch itself, which is thread-safe, uses them.
        var all: [any DispatchSourceSignal] = []
    }

    private static let sources = Locked(InstalledSources())
    private static let cleanups = Locked<[@Sendable () -> Void]>([])

    /// Unblocks SIGINT, SIGTERM and SIGHUP on the calling (main) thread, and so in the threads
    /// and children it starts later. A parent that starts this process from a thread blocking them
    /// (Swift Testing's runner does) hands that mask down: SIGTERM then stayed pending, a sample
    /// outlived its bench, and a handled signal ended the process as an exit, not a signal.
    package static func unblockTerminationSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Installs the handlers; once per process (later calls do nothing).
    package static func install() {
        sources.withLock { sources in
            guard sources.all.isEmpty else { return }
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                // Ignored as a signal, handled as an event: the handler runs on a queue of its own,
                // not inside the interrupted code, so it may take locks and wait.
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { stop(signalNumber) }
                source.resume()
                sources.all.append(source)
            }
        }
    }

    /// Registers work to do when a signal ends the process, after its children have ended (remove
    /// a temporary worktree). It must start no process.
    package static func onStop(_ cleanup: @escaping @Sendable () -> Void) {
        cleanups.withLock { $0.append(cleanup) }
    }

    /// Ends the children, then the process. A second signal while the first is handled changes nothing.
    private static func stop(_ signalNumber: Int32) {
        guard let children = LiveChildren.beginStopping() else { return }
        // SIGINT first: SwiftPM then cancels its build and ends its compilers, which run in process
        // groups of their own; after SIGTERM to `swift build`'s group they run on.
        // A bench passes either on to its sample. What is left then gets SIGTERM, then SIGKILL.
        for (signalToSend, wait) in [(SIGINT, grace / 2), (SIGTERM, grace / 2), (SIGKILL, Duration.zero)] {
            let alive = children.filter(groupExists)
            if alive.isEmpty { break }
            for pid in alive {
                kill(-pid, signalToSend)
                kill(pid, signalToSend)
            }
            let deadline = ContinuousClock.now + wait
            while ContinuousClock.now < deadline, children.contains(where: groupExists) {
                usleep(20_000)
            }
        }
        LiveChildren.waitForPlacing()
        for cleanup in cleanups.withLock({ $0 }) { cleanup() }
        // To the process, not this thread: Dispatch's threads block signals, so a raise() here
        // would stay pending and the parent would see an exit, not the signal.
        signal(signalNumber, SIG_DFL)
        kill(getpid(), signalNumber)
        sleep(5)
        _exit(128 + signalNumber)
    }

    /// Whether any process of `pid`'s group, or `pid` itself, is still there.
    private static func groupExists(_ pid: pid_t) -> Bool {
        kill(-pid, 0) == 0 || kill(pid, 0) == 0
    }
}
