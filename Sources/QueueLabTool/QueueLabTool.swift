import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabRegistry
import QueueLabScheduling

/// The `queuelab` tool as a library: every subcommand (`conform`, `bench`, `compare`, `report`,
/// `trace`, `list`, `sample`), run over the implementations its caller names. QueueLab's own
/// executable is this call with its four built-ins; a package that writes its own queue gets the
/// same tool for it from a `main.swift` of its own:
///
/// ```swift
/// import FoundationAdapter
/// import LockBasedQueue
/// import QueueLabTool
///
/// QueueLabTool.main(implementations: [MyQueue.self, LockQueue.self, FoundationQueue.self])
/// ```
///
/// Benchmark samples run in fresh processes of the executable that called this (`/proc/self/exe`),
/// so a user's queue is measured exactly as the built-ins are.
public enum QueueLabTool {
    /// Parses the command line and runs the subcommand over `implementations`; exits the process.
    /// Two implementations with one `implementationName` are refused with exit status 2.
    ///
    /// Synchronous on purpose: an `async` top level makes the main thread park in Dispatch's
    /// `dispatch_main`, and Valgrind 3.19 on this kernel crashes on that parked thread, which
    /// would take the instruction-count channel (`bench --instructions`) down with it.
    ///
    /// `policies` are scheduling policies of your own, named by `--policy` beside the built-ins
    /// (`list --policies` shows them); a name that is taken is refused with exit status 2 too.
    public static func main(
        implementations: [any OperationQueueing.Type], policies: [SchedulingPolicies.Entry] = []
    ) -> Never {
        // A sample or bench started by a queuelab process ends with it, even one killed with SIGKILL.
        SignalCleanup.unblockTerminationSignals()
        LiveChildren.execIfWrapping()
        LiveChildren.endWithParent()
        OutputFailure.checkStandardOutputAtExit()
        do {
            ToolImplementations.install(try ImplementationRegistry(implementations, policies: policies))
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(2)
        }
        QueueLabCommand.main()
        exit(0)
    }
}

/// The implementations of this run, set once by ``QueueLabTool/main(implementations:)`` before
/// any command runs.
enum ToolImplementations {
    private static let installed = Locked<ImplementationRegistry?>(nil)

    static func install(_ registry: ImplementationRegistry) { installed.withLock { $0 = registry } }

    static var registry: ImplementationRegistry {
        guard let registry = installed.withLock({ $0 }) else {
            preconditionFailure("QueueLabTool.main(implementations:) installs the implementations first")
        }
        return registry
    }
}
