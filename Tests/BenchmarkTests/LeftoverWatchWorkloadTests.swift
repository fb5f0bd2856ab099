import Foundation
import QueueLabCore
import QueueLabImplementations
import TestSupport
import Testing

@testable import QueueLabBenchmarks

/// Operations a queue kept after its run, until ``letGo()``: what a worker still holding the last
/// operation after the drain looks like, stretched.
final class KeptOperations: @unchecked Sendable {
    // @unchecked Sendable: `kept` is reached only inside its `withLock`. It is not Sendable by
    // itself (AnyObject), but the objects are never used through it, only retained: `letGo()`
    // takes them out only to release them on its own thread, and hands out nothing but a count.
    private let kept = Locked<[AnyObject]>([])

    func keep(_ operations: [AnyObject]) { kept.withLock { $0 += operations } }

    /// Frees what was kept, on this thread; how many there were.
    @discardableResult
    func letGo() -> Int {
        let released = kept.withLock { kept in
            defer { kept = [] }
            return kept
        }
        return released.count
    }
}

/// A queue that keeps every operation added to it in `kept`, as well as running it.
final class KeepingQueue<Base: OperationQueueing>: ForwardingQueue {
    typealias Operation = Base.Operation

    let base: Base
    let kept: KeptOperations

    convenience init(name: String?) { self.init(base: Base(name: name), kept: KeptOperations()) }

    init(base: Base, kept: KeptOperations) {
        self.base = base
        self.kept = kept
    }

    func addOperation(_ operation: Operation) throws(QueueError) {
        kept.keep([operation])
        try base.addOperation(operation)
    }

    func addOperations(_ operations: [Operation], waitUntilFinished: Bool) throws(QueueError) {
        kept.keep(operations)
        try base.addOperations(operations, waitUntilFinished: waitUntilFinished)
    }
}

struct KeepingRecipe<Base: QueueRecipe>: QueueRecipe {
    let base: Base
    let kept: KeptOperations
    var policy: PolicyDeclaration? { base.policy }
    func makeQueue(name: String?) -> KeepingQueue<Base.Queue> {
        KeepingQueue(base: base.makeQueue(name: name), kept: kept)
    }
}

/// The wait before a timed phase relies on every operation of every workload holding its run's
/// harness (through its body): a workload whose operations did not (`replay`'s bodies held only
/// parts of it) would let the wait end while its operations were still alive, and their freeing
/// land in the next timed phase. Each workload runs its warm-up size on `lock`, with the queue
/// keeping every operation after the run. Not `exclusive`: what it adds to the queue are the
/// advanced layer's own operations, which let go of the workload's (and its harness) when they
/// finish; the watch covers the workload's operations there, not the layer's.
struct LeftoverWatchWorkloadTests {
    static var recording: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/recordings/earthquakes.qlr").path
    }

    static let workloads: [Workload] =
        WorkloadKind.allCases.filter { $0 != .replay && $0 != .exclusive }.map { Workload(kind: $0).warmUp }
        + [Workload(kind: .replay, textParameters: ["file": recording, "speed": "20"])]

    @Test(.timeLimit(.minutes(2)), arguments: workloads)
    func theWatchWaitsForEveryOperation(_ workload: Workload) throws {
        let kept = KeptOperations()
        let watch = try Self.run(workload, on: try Implementations.recipe(named: "lock", policy: nil), kept: kept)
        #expect(!watch.awaitRelease(within: .milliseconds(20)), "\(workload): freed while its operations were kept")
        #expect(kept.letGo() > 0)
        #expect(watch.awaitRelease(within: .seconds(30)), "\(workload): not freed once the queue let go")
    }

    private static func run<Recipe: QueueRecipe>(
        _ workload: Workload, on recipe: Recipe, kept: KeptOperations
    ) throws -> LeftoverWatch {
        let harness = OperationHarness(
            operations: WorkloadExecution<KeepingQueue<Recipe.Queue>>.operationCount(workload), latencyEvery: 1)
        let execution = WorkloadExecution(
            recipe: KeepingRecipe(base: recipe, kept: kept), workload: workload, harness: harness,
            drainTimeout: .seconds(30))
        _ = try execution.run()
        return LeftoverWatch(harness)
    }
}
