import Foundation
import Testing

/// QueueLab's tests come in two tiers.
///
/// The fast tier is what `swift test` runs: every module's unit tests and the quick conformance
/// level, within minutes, fit to run after every edit. The long tier adds what needs many seeds,
/// many samples or other processes: default-level mutants over many seeds, Callgrind runs,
/// statistical power, end-to-end runs of the `queuelab` binary, loaded runs. It runs when
/// `QUEUELAB_LONG_TESTS=1` is set.
///
/// A test of the long tier carries ``Testing/Trait/longTier(_:)`` and lives in a file whose name
/// ends in `LongTests.swift` (a test's identity holds its file's name, which `--filter` matches), so
/// the long tier alone runs with `QUEUELAB_LONG_TESTS=1 swift test --filter LongTests`; CI checks
/// that every test the fast tier skipped ran there.
///
/// Threads and time limits: Swift Testing runs tests on the cooperative pool, which has as many
/// threads as cores, and most of these tests block the thread they run on (a conformance run
/// waiting out a time bound, a child process). So suites carry ``Testing/Trait/onBlockingThreads``
/// and run on threads of their own (``BlockingTestExecutor``), and the pool stays free. A time limit
/// starts before the test waits for a thread, so a suite with a time limit anywhere in it stays on
/// the pool, without the trait: under it, such tests waited for one of its threads behind the
/// conformance runs and ran out (a minute for a bounded read of an endless device; five minutes
/// for workloads under ThreadSanitizer). A long computation with a time limit leaves the pool too,
/// for a single thread of its own (``Testing/Trait/onComputeThread``): on the pool it held a thread
/// for its whole run, and the tests with limits waited behind it. No limit in the fast tier is under
/// a minute, and none in the long tier under 5; every wait inside a test has its own, shorter bound.
public enum TestTier {
    /// The environment variable that turns the long tier on.
    public static let environmentVariable = "QUEUELAB_LONG_TESTS"

    /// `QUEUELAB_LONG_TESTS=1`.
    public static var runsLongTests: Bool { ProcessInfo.processInfo.environment[environmentVariable] == "1" }

    /// The environment variable that sets how many seeds the mutant suites of the long tier run.
    public static let mutantSeedsVariable = "QUEUELAB_MUTANT_SEEDS"

    /// Seeds 1 to `standard` (what CI's time affords), or those `QUEUELAB_MUTANT_SEEDS` names: a
    /// count `N` (seeds 1 to N) or a range `A-B`, so that a campaign asks for more (`results/trust/`
    /// ran 20) without editing a test, and splits them over processes that run side by side. A
    /// value that is neither traps, naming the variable: a campaign that silently ran the standard
    /// seeds would report a catch rate over seeds it never ran.
    public static func mutantSeeds(standard: Int) -> ClosedRange<UInt64> {
        guard let text = ProcessInfo.processInfo.environment[mutantSeedsVariable] else {
            return 1...UInt64(standard)
        }
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { UInt64($0) }
        switch bounds.count {
        case 1: if let count = bounds[0], count > 0 { return 1...count }
        case 2: if let first = bounds[0], let last = bounds[1], first > 0, first <= last { return first...last }
        default: break
        }
        preconditionFailure("\(mutantSeedsVariable)=\(text): expected a number of seeds N or a range of seeds A-B")
    }
}

extension Trait where Self == ConditionTrait {
    /// Puts a suite in the long tier; `reason` says what makes it long.
    public static func longTier(_ reason: String) -> Self {
        .enabled(
            if: TestTier.runsLongTests, Comment(rawValue: "long tier (\(TestTier.environmentVariable)=1): \(reason)"))
    }
}
