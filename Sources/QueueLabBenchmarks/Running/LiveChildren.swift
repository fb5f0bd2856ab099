import Foundation
import QueueLabCore

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
package enum LiveChildren {
    private struct State {
        var pids: Set<pid_t> = []
        var stopping = false
    }

    private static let state = Locked(State())

    /// The environment variable naming the parent a child is to end with (``endWithParent()``).
    package static let parentVariable = "QUEUELAB_PARENT"
    /// Test-only: set to 1, every child started is reported on standard error as
    /// `queuelab: started child PID (EXECUTABLE)`, so that a test can look for survivors.
    package static let reportVariable = "QUEUELAB_REPORT_CHILDREN"
    private static let reports = ProcessInfo.processInfo.environment[reportVariable] == "1"

    /// Records a child just started. A child started while this process is stopping (its launch
    /// raced the signal) is killed at once.
    package static func started(_ pid: pid_t, executable: String) {
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
    package static func ended(_ pid: pid_t) {
        _ = state.withLock { $0.pids.remove(pid) }
    }

    /// Whether a signal is ending this process.
    package static var isStopping: Bool { state.withLock { $0.stopping } }

    /// Marks this process as stopping and returns the children still alive; nil when it already was.
    static func beginStopping() -> Set<pid_t>? {
        state.withLock { state in
            guard !state.stopping else { return nil }
            state.stopping = true
            return state.pids
        }
    }

    /// Held while a result is put in place (``putInPlace(_:)``) and by ``SignalCleanup`` before the
    /// process ends: a target is whole or absent, and no temporary is left behind.
    private static let placing = Locked(())

    /// Runs `body`, which writes a temporary and renames it into place, unless a signal is ending
    /// this process: then it waits for the end (``parkIfStopping()``) and writes nothing.
    package static func putInPlace<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        let wrote = try placing.withLock { () throws(Failure) -> Bool in
            guard !isStopping else { return false }
            try body()
            return true
        }
        if !wrote { parkIfStopping() }
    }

    /// Waits for a result being put in place to be in place.
    static func waitForPlacing() { placing.withLock {} }

    /// Called before starting a child or putting a result in place: once a signal is ending this
    /// process, the caller waits here for ``SignalCleanup`` to end it, rather than start what
    /// would be killed or write a target from a run cut short. The wait ends with the process,
    /// within ``SignalCleanup/grace`` and then some.
    /// Called when a child ended by SIGINT, SIGTERM or SIGHUP: most often the signal reached this
    /// process too (Ctrl-C signals the whole process group), and its handler, on a queue of its
    /// own, may not have marked the process as stopping yet. Waits up to `within` for that mark,
    /// then parks (``parkIfStopping()``): the child was not a failure, the run was interrupted.
    /// Returns when no signal ends this process: a child signalled alone did fail.
    package static func parkIfInterrupted(by signal: Int32?, within: Duration = .seconds(1)) {
        guard let signal, [SIGINT, SIGTERM, SIGHUP].contains(signal) else { return }
        let deadline = ContinuousClock.now + within
        while !isStopping, ContinuousClock.now < deadline { usleep(10_000) }
        parkIfStopping()
    }

    package static func parkIfStopping() {
        guard isStopping else { return }
        while true { sleep(1) }
    }

    /// For a child of a queuelab process (``parentVariable`` names its parent): asks the kernel to
    /// send SIGTERM when that parent ends, however it ends (a parent killed with SIGKILL cannot
    /// pass anything on). A parent already gone (killed before this child got here) ends it now.
    ///
    /// The kernel sends it when the parent's *thread* that started the child ends, so only children
    /// started from a parent's main thread are given the variable (bench's samples, the gate's
    /// bench); every other child has it removed (``childEnvironment(_:)``), not inherited.
    package static func endWithParent() {
        guard let text = ProcessInfo.processInfo.environment[parentVariable], let parent = pid_t(text) else {
            return
        }
        endWith(parent: parent, signal: SIGTERM, exitStatus: 128 + SIGTERM)
    }

    /// Asks the kernel to send `signal` to this process when its parent ends; a `parent` (when
    /// known) already gone, this process re-parented before the request, ends it now with
    /// `exitStatus`, since no signal will come.
    package static func endWith(parent: pid_t?, signal: Int32, exitStatus: Int32) {
        _ = LinuxOnly.setParentDeathSignal(signal)
        if let parent, getppid() != parent { exit(exitStatus) }
    }

    /// This process's environment for a child, with `additions`: without ``parentVariable`` unless
    /// `additions` sets it, so that only a child its parent chose to end with it does.
    package static func childEnvironment(_ additions: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { $0.key != parentVariable }.merging(additions) { _, new in new }
    }

    /// The environment variable that makes the tool, started as a wrapper, ask for this signal at
    /// its parent's death and then become the program its arguments name (``execIfWrapping()``).
    package static let wrapperVariable = "QUEUELAB_EXEC_ENDING_WITH_PARENT"

    /// How to run a child that is not queuelab (a build) so that it too ends with this process,
    /// even one killed with SIGKILL: through `tool` (this executable), which asks the kernel for
    /// `signal` at this process's death, then executes `executable` in its place (same pid).
    package static func endingWithParent(
        _ executable: String, _ arguments: [String], signal: Int32, tool: String
    ) -> (executable: String, arguments: [String], environment: [String: String]) {
        (tool, [executable] + arguments, [wrapperVariable: String(signal)])
    }

    /// When started as a wrapper (``endingWithParent(_:_:signal:tool:)``): asks for the signal at
    /// the parent's death and executes the program named by the arguments; returns otherwise.
    /// The variable is removed first, so that the program's own children are not wrapped.
    package static func execIfWrapping() {
        guard let text = ProcessInfo.processInfo.environment[wrapperVariable] else { return }
        unsetenv(wrapperVariable)
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let signalNumber = Int32(text), let program = arguments.first else {
            FileHandle.standardError.write(Data("error: \(wrapperVariable) needs a signal and a program\n".utf8))
            exit(2)
        }
        if let parent = ProcessInfo.processInfo.environment[parentVariable].flatMap({ pid_t($0) }),
            getppid() == parent, LinuxOnly.setParentDeathSignal(signalNumber), getppid() != parent
        {
            exit(128 + signalNumber)  // the parent ended before the request
        }
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(program, &pointers)
        FileHandle.standardError.write(Data("error: cannot run \(program): \(String(cString: strerror(errno)))\n".utf8))
        exit(127)
    }

    /// The environment entry that makes a queuelab child end with this process (see ``endWithParent()``).
    package static var parentEntry: [String: String] { [parentVariable: String(getpid())] }
}
