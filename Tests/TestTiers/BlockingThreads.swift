import Foundation
import Testing

/// Runs a suite's tests on threads of their own, because they block the thread they run on.
///
/// Swift Testing runs every test on the cooperative pool, which has as many threads as the machine
/// has cores. A conformance run blocks its thread while it waits out a time bound (a mutant that
/// loses a wake-up is only seen as a queue that stands still for the whole bound), and so does a
/// test waiting on a child process: on a 2-core machine two such tests held the pool and every other
/// test of the process waited, the CPU mostly idle. Under this trait the tests' bodies run on
/// ``BlockingTestExecutor``'s threads instead (a task executor preference, which the test's own
/// tasks inherit), so that waits overlap, and the cooperative pool stays free for the rest.
///
/// Its width bounds how many of these tests run at once, so that the checks' time bounds still
/// measure the queue and not a machine overloaded by the test run itself. Under ThreadSanitizer the
/// trait does nothing (``TestTier/runsUnderThreadSanitizer``).
///
/// Long computations take the other way off the pool (``Testing/Trait/onComputeThread``): one
/// thread for all of them, so that they never hold more than one core, and never the pool. Two of
/// them once held both of the pool's threads for a whole CI lane, and every test left on the pool,
/// time limits included, waited behind them (`results/ci/third-round.md`).
public struct BlockingThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    let executor: BlockingTestExecutor

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Under ThreadSanitizer every test is busy with the sanitizer's own work, so more of them
        // at once only load the machine: race checks then land too few races, short workload runs
        // too few figures. There the tests stay on the cooperative pool.
        if TestTier.runsUnderThreadSanitizer {
            try await function()
        } else {
            try await withTaskExecutorPreference(executor) {
                let started = DispatchTime.now().uptimeNanoseconds
                defer { TestTimes.record(test, seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9) }
                try await function()
            }
        }
    }
}

extension Trait where Self == BlockingThreadsTrait {
    /// Runs the suite's or test's body on ``BlockingTestExecutor``'s threads: for tests that block.
    public static var onBlockingThreads: Self { BlockingThreadsTrait(executor: .shared) }

    /// Runs the suite's or test's body on ``BlockingTestExecutor/compute``'s one thread: for tests
    /// that compute for tens of seconds and wait for nothing.
    public static var onComputeThread: Self { BlockingThreadsTrait(executor: .compute) }
}

/// A fixed set of threads that run the jobs of tasks preferring it, first come first served.
///
/// A job that blocks holds one thread and no other; the others go on with the queued jobs.
// @unchecked Sendable: `jobs` and `head` are read and written only with `condition` locked; every
// other stored property is a constant set before any thread starts.
public final class BlockingTestExecutor: TaskExecutor, @unchecked Sendable {
    /// The environment variable that sets the width (default: twice the cores, at least 4).
    public static let widthVariable = "QUEUELAB_TEST_THREADS"

    public static let shared = BlockingTestExecutor(width: defaultWidth, name: "blocking-test")

    /// One thread, shared by the long computations: they queue behind each other there rather than
    /// take the cooperative pool, or more than one core, from the tests that wait.
    public static let compute = BlockingTestExecutor(width: 1, name: "compute-test")

    /// Twice the cores, at least 4: the tests under the trait spend most of their time waiting, so
    /// more of them than cores keep the CPUs busy; a bound, because each also has bursts of work,
    /// and a check's time bound must not be spent waiting for a CPU the test run itself took.
    static var defaultWidth: Int {
        if let text = ProcessInfo.processInfo.environment[widthVariable] {
            guard let width = Int(text), width > 0 else {
                preconditionFailure("\(widthVariable)=\(text): expected a number of threads, 1 or more")
            }
            return width
        }
        return max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
    }

    public let width: Int
    private let condition = NSCondition()
    /// Waiting jobs in arrival order from `head`; the array is emptied whenever the last one is taken,
    /// so a job costs O(1) amortised.
    private var jobs: [UnownedJob] = []
    private var head = 0

    public init(width: Int, name: String) {
        precondition(width > 0, "a BlockingTestExecutor needs at least one thread")
        self.width = width
        for index in 0..<width {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while head == jobs.count { condition.wait() }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
