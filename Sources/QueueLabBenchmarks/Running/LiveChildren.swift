import CParentDeath
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every child process this process started and has not yet seen end, so that a signal ending this
/// process ends them too (``SignalCleanup``). Killing a gate used to leave its bench sampling and
/// writing base.csv and head.csv seconds later; a killed bench left its running sample.
///
/// Foundation's `Process` starts each child as the leader of a process group of its own, so a
/// signal to the group (`kill(-pid, ...)`) reaches what the child started too (a build's compilers),
/// while a terminal's Ctrl-C, sent to this process's group, does not: it has to be passed on.
public enum LiveChildren {
    private struct State {
        var pids: Set<pid_t> = []
        var stopping = false
    }

    private static let state = Mutex(State())

    /// The environment variable naming the parent a child is to end with (``endWithParent()``).
    public static let parentVariable = "QUEUELAB_PARENT"
    /// Test-only: set to 1, every child started is reported on standard error as
    /// `queuelab: started child PID (EXECUTABLE)`, so that a test can look for survivors.
    public static let reportVariable = "QUEUELAB_REPORT_CHILDREN"
    private static let reports = ProcessInfo.processInfo.environment[reportVariable] == "1"

    /// Records a child just started. A child started while this process is stopping (its launch
    /// raced the signal) is killed at once.
    public static func started(_ pid: pid_t, executable: String) {
        let stopping = state.withLock { state in
            state.pids.insert(pid)
            return state.stopping
        }
        if reports {
            FileHandle.standardError.write(Data("queuelab: started child \(pid) (\(executable))\n".utf8))
        }
        if stopping {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
    }

    /// Records a child seen to end.
    public static func ended(_ pid: pid_t) {
        _ = state.withLock { $0.pids.remove(pid) }
    }

    /// Whether a signal is ending this process.
    public static var isStopping: Bool { state.withLock { $0.stopping } }

    /// Marks this process as stopping and returns the children still alive; nil when it already was.
    static func beginStopping() -> Set<pid_t>? {
        state.withLock { state in
            guard !state.stopping else { return nil }
            state.stopping = true
            return state.pids
        }
    }

    /// Called before starting a child or putting a result in place: once a signal is ending this
    /// process, the caller waits here for ``SignalCleanup`` to end it, rather than start what
    /// would be killed or write a target from a run cut short. The wait ends with the process,
    /// within ``SignalCleanup/grace`` and then some.
    public static func parkIfStopping() {
        guard isStopping else { return }
        while true { sleep(1) }
    }

    /// For a child of a queuelab process (``parentVariable`` names its parent): asks the kernel to
    /// send SIGTERM when that parent ends, however it ends (a parent killed with SIGKILL cannot
    /// pass anything on). Only when the parent is still the one named: a variable inherited from
    /// further up, or a parent already gone, is ignored.
    ///
    /// The kernel sends it when the parent's *thread* that started the child ends, so only children
    /// started from a parent's main thread are given the variable (bench's samples, the gate's bench).
    public static func endWithParent() {
        guard let text = ProcessInfo.processInfo.environment[parentVariable], let parent = pid_t(text) else {
            return
        }
        guard getppid() == parent, queuelab_set_parent_death_signal(SIGTERM) == 0 else { return }
        // The parent may have ended between the check and the request: then no signal will come.
        if getppid() != parent { raise(SIGTERM) }
    }

    /// The environment entry that makes a queuelab child end with this process (see ``endWithParent()``).
    public static var parentEntry: [String: String] { [parentVariable: String(getpid())] }
}
