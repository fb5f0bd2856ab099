import Foundation
import QueueLabCore
import QueueLabImplementations
import TestSupport
import Testing

@testable import QueueLabBenchmarks

/// `overload`: its classes, its figures, and its bounds. Figures are checked for shape and sums,
/// never against a speed: the numbers are targets for benchmarks, not for unit tests.
@Suite struct OverloadWorkloadTests {
    @Test func classesSpreadFromLowestToHighest() {
        #expect(OverloadClasses.levels(count: 2) == [0, 4])
        #expect(OverloadClasses.levels(count: 3) == [0, 2, 4])
        #expect(OverloadClasses.levels(count: 4) == [0, 1, 3, 4])
        #expect(OverloadClasses.levels(count: 5) == [0, 1, 2, 3, 4])
    }

    @Test func parametersAreChecked() {
        #expect(throws: WorkloadParseError.self) { try Workload(parsing: "overload:classes=6") }
        #expect(throws: WorkloadParseError.self) { try Workload(parsing: "overload:classes=1") }
        #expect(throws: WorkloadParseError.self) { try Workload(parsing: "overload:ms=0") }
        #expect(throws: WorkloadParseError.self) { try Workload(parsing: "overload:n=10") }
        let workload = Workload(kind: .overload)
        #expect(workload.parameterText == "classes=5;depth=8;ms=300;us=20;warm=1;width=2")
        #expect(workload.warmUp["ms"] == 20)
    }

    @Test func jainIndexAndWeightedShares() {
        #expect(OverloadClasses.jain([1, 1, 1]) == 1)
        #expect(abs(OverloadClasses.jain([1, 0, 0, 0]) - 0.25) < 1e-12)
        // Starts exactly as the weights 1:2:4:8:16 ask: every class at its weight, index 1.
        let weights = [1, 2, 4, 8, 16]
        let exact = OverloadClasses.figures(
            startsInWindow: weights.map { $0 * 10 }, levels: [0, 1, 2, 3, 4], windowNanoseconds: 1_000_000_000,
            weights: weights)
        #expect(abs((exact["jain_index"] ?? 0) - 1) < 1e-12)
        #expect(abs((exact["prio_verylow_share"] ?? 0) - 1.0 / 31) < 1e-12)
        #expect(exact["prio_veryhigh_ops_per_s"] == 160)
        #expect(exact["prio_veryhigh_weight_share"] == 16.0 / 31)
        // The same starts judged against equal weights are unfair.
        let equal = OverloadClasses.figures(
            startsInWindow: weights.map { $0 * 10 }, levels: [0, 1, 2, 3, 4], windowNanoseconds: 1_000_000_000,
            weights: nil)
        #expect((equal["jain_index"] ?? 1) < 0.7)
        #expect(equal["prio_veryhigh_weight_share"] == nil)
        // Only the classes present count.
        let two = OverloadClasses.figures(
            startsInWindow: [5, 0, 0, 0, 5], levels: [0, 4], windowNanoseconds: 1_000_000_000, weights: nil)
        #expect(two["jain_index"] == 1)
        #expect(two["prio_normal_share"] == nil)
    }

    /// A short overload on `lock` with each policy: every class is offered work for the whole
    /// window, the shares add up, and the aging policy states its bound.
    @Test(.timeLimit(.minutes(5)), arguments: ["strict", "aging", "weighted:weights=1:1:1:1:1"])
    func aShortRunHasEveryFigure(policy: String) throws {
        let recipe = try Implementations.recipe(named: "lock", policy: policy)
        let figures = try SampleRunner.run(
            recipe: recipe, workload: Workload(kind: .overload, parameters: ["ms": 30, "us": 10]),
            drainTimeout: .seconds(20), warmUp: false, environment: [:])
        let shares = Figure.priorityClasses.compactMap { figures["prio_\($0)_share"] }
        #expect(shares.count == 5)
        #expect(abs(shares.reduce(0, +) - 1) < 1e-9)
        #expect((figures["jain_index"] ?? 0) > 0)
        #expect((figures["starvation_max_wait_ns"] ?? 0) > 0)
        #expect(figures["prio_verylow_e2s_max_ns"] == figures["starvation_max_wait_ns"])
        #expect((figures["operations"] ?? 0) >= 5 * 8)
        #expect((figures["wait_bound_ns"] != nil) == policy.hasPrefix("aging"))
    }

    /// A queue that never starts anything ends the sample with an error within the drain bound.
    @Test(.timeLimit(.minutes(5)))
    func aStuckQueueIsAnErrorNotAHang() throws {
        func stuck<Queue: OperationQueueing>(_ type: Queue.Type) -> any QueueRecipe {
            QueueMaker(policy: PolicyDeclaration(name: "never", promises: [])) { name in
                StuckQueue(base: Queue(name: name))
            }
        }
        let recipe = stuck(try Implementations.named("lock"))
        #expect {
            _ = try SampleRunner.run(
                recipe: recipe, workload: Workload(kind: .overload, parameters: ["ms": 10]),
                drainTimeout: .milliseconds(300), warmUp: false, environment: [:])
        } throws: { error in
            guard case .stalled = error as? SampleError else { return false }
            return true
        }
    }
}

/// A queue that stays suspended whatever it is told: it stops starting operations, as a stuck
/// queue does.
final class StuckQueue<Base: OperationQueueing>: ForwardingQueue {
    typealias Operation = Base.Operation

    let base: Base

    init(base: Base) {
        self.base = base
        base.isSuspended = true
    }

    convenience init(name: String?) { self.init(base: Base(name: name)) }

    var isSuspended: Bool {
        get { true }
        set {}  // stuck: never resumes
    }
}
