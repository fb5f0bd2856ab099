import QueueLabCore

/// One hot path of one queue type: what is set up unmeasured, what is measured, its benchmark name
/// and the allocation tolerance to gate it with.
///
/// A scenario knows nothing of a benchmark harness: ``runIteration(startMeasurement:stopMeasurement:)``
/// calls back at the two edges of the measured stretch, so package-benchmark (or any other harness)
/// drives it and the library needs no dependency on one.
///
/// ```swift
/// import Benchmark
/// import QueueLabHotPaths
///
/// let benchmarks: @Sendable () -> Void = {
///     for scenario in HotPathScenario<MyQueue>.all {
///         let gate: [BenchmarkMetric: BenchmarkThresholds] = [
///             .mallocCountTotal: .init(absolute: [.p90: scenario.allocationTolerance])
///         ]
///         Benchmark(scenario.name, configuration: .init(metrics: [.mallocCountTotal], thresholds: gate)) {
///             benchmark in
///             for _ in benchmark.scaledIterations {
///                 scenario.runIteration { benchmark.startMeasurement() } stopMeasurement: { benchmark.stopMeasurement() }
///             }
///         }
///     }
/// }
/// ```
public struct HotPathScenario<Queue: OperationQueueing>: Sendable, Hashable {
    public let path: HotPath
    /// The gate's absolute tolerance for this scenario, in allocations per iteration at p90.
    public var allocationTolerance: Int

    /// - Parameters:
    ///   - path: the hot path to measure.
    ///   - allocationTolerance: defaults to ``HotPath/recommendedAllocationTolerance``.
    public init(_ path: HotPath, allocationTolerance: Int = HotPath.recommendedAllocationTolerance) {
        self.path = path
        self.allocationTolerance = allocationTolerance
    }

    /// The four hot paths of `Queue`, in the order ``HotPath`` lists them, each with the recommended
    /// tolerance.
    public static var all: [HotPathScenario] { HotPath.allCases.map { HotPathScenario($0) } }

    /// `implementationName-path`, e.g. `lock-add`: the benchmark's name, and so the name of its
    /// thresholds file (`Target.lock-add.p90.json`).
    public var name: String { "\(Queue.implementationName)-\(path.rawValue)" }

    /// One iteration: builds a fresh suspended queue and its operations, calls `startMeasurement`,
    /// does the measured work, calls `stopMeasurement`, then drains whatever is left unmeasured.
    /// Nothing the harness does not mean to count (creating queues and operations, draining, tearing
    /// down) happens between the two calls.
    ///
    /// A queue that refuses an operation or a dependency, or does not drain within
    /// ``HotPath/drainLimit``, stops the process with the error or stall report: a benchmark cannot
    /// go on from there, and a hang would be worse.
    ///
    /// - Complexity: O(``HotPath/batch``) calls into the queue.
    public func runIteration(startMeasurement: () -> Void, stopMeasurement: () -> Void) {
        typealias Steps = HotPathSteps<Queue>
        switch path {
        case .add:
            let queue = Steps.suspendedQueue()
            let operations = (0..<HotPath.batch).map { _ in Steps.emptyOperation() }
            startMeasurement()
            for operation in operations { Steps.add(operation, to: queue) }
            stopMeasurement()
            Steps.drain(queue)
        case .startFinish:
            let queue = Steps.suspendedQueue()
            for _ in 0..<HotPath.batch { Steps.add(Steps.emptyOperation(), to: queue) }
            startMeasurement()
            Steps.drain(queue)
            stopMeasurement()
        case .dependencyRelease:
            let queue = Steps.suspendedQueue()
            let chain = (0..<HotPath.batch).map { _ in Steps.emptyOperation() }
            for (earlier, later) in zip(chain, chain.dropFirst()) { Steps.depend(later, on: earlier) }
            for operation in chain { Steps.add(operation, to: queue) }
            startMeasurement()
            Steps.drain(queue)
            stopMeasurement()
        case .cancel:
            let queue = Steps.suspendedQueue()
            for _ in 0..<HotPath.batch { Steps.add(Steps.emptyOperation(), to: queue) }
            startMeasurement()
            queue.cancelAllOperations()
            Steps.drain(queue)
            stopMeasurement()
        }
    }
}
