import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabImplementations
import QueueLabInvestigation
import TestSupport
import TestTiers
import Testing

/// A queue whose add call spins before handing the operation on: a queue with a slow add path, as
/// the producer sees it. Only the add of an operation spins (the workloads add operations).
final class SlowAddQueue<Base: OperationQueueing>: ForwardingQueue {
    typealias Operation = Base.Operation

    let base: Base
    let spin: UInt64

    convenience init(name: String?) { self.init(base: Base(name: name), spin: 0) }

    init(base: Base, spin: UInt64) {
        self.base = base
        self.spin = spin
    }

    func addOperation(_ operation: Operation) throws(QueueError) {
        MonotonicClock.spin(nanoseconds: spin)
        try base.addOperation(operation)
    }

    func addOperations(_ operations: [Operation], waitUntilFinished: Bool) throws(QueueError) {
        MonotonicClock.spin(nanoseconds: spin)
        try base.addOperations(operations, waitUntilFinished: waitUntilFinished)
    }
}

/// `lock`'s queues behind a slow add call.
struct SlowAddRecipe<Base: QueueRecipe>: QueueRecipe {
    let base: Base
    let spin: UInt64
    var policy: PolicyDeclaration? { base.policy }
    func makeQueue(name: String?) -> SlowAddQueue<Base.Queue> {
        SlowAddQueue(base: base.makeQueue(name: name), spin: spin)
    }
}

/// The add path through real queues: what the tracing wrapper stamps, and that explain puts a slow
/// add call where it belongs (the add-call phase, the add path's capacity loss). Nothing is timed
/// against a sleep: the spins are inside the add calls, and every run has a bounded drain.
@Suite(.onBlockingThreads) struct ExplainAddPathTests {
    static func explained(spin: UInt64, count: Int) throws -> (RecordedRun, RunExplanation) {
        let lock = try Implementations.recipe(named: "lock", policy: nil)
        func record<Recipe: QueueRecipe>(_ recipe: Recipe) throws -> RecordedRun {
            try TraceRun.recordRun(
                recipe: SlowAddRecipe(base: recipe, spin: spin),
                workload: TraceRun.workload(parsing: "noop:n=\(count);width=1"), drainTimeout: .seconds(30)
            ).run
        }
        let run = try record(lock)
        return (run, RunExplanation(run, buckets: 10))
    }

    /// Every traced add is stamped, around the operation's first transition.
    @Test func everyAddIsStampedAroundItsFirstTransition() throws {
        let (run, explanation) = try Self.explained(spin: 0, count: 50)
        #expect(run.addCalls.count == 50)
        for transition in run.transitions where transition.event == .pending || transition.event == .ready {
            let call = try #require(run.addCalls[transition.operation])
            #expect(call.entered <= call.returned)
            // The first transition happened inside the call (the clock is one monotonic clock).
            #expect(call.entered <= transition.timestamp)
        }
        #expect(explanation.addPath.calls == 50 && explanation.addPath.operations == 50)
        #expect(explanation.addPath.inCallNanoseconds > 0)
    }

    /// A queue whose add call spins 5 ms before enqueueing: each operation's add-call phase holds the
    /// spin, the producer's time in add calls holds it, and the width-1 queue's slot, idle with nothing
    /// ready while the producer spins inside the queue, is counted as lost to the add path and in the
    /// overhead per operation, not as idle.
    @Test func aSlowAddShowsInTheAddPathFigures() throws {
        let spin: UInt64 = 5_000_000
        let count = 20
        let (run, slow) = try Self.explained(spin: spin, count: count)
        let queue = try #require(slow.byQueue.first)
        #expect(slow.operations == count)
        #expect(queue.p50[ExplainPhase.addCall.rawValue] ?? 0 >= Int(spin))
        #expect(slow.addPath.callP50 >= Int(spin))
        #expect(slow.addPath.inCallNanoseconds >= count * Int(spin))
        // The same figure from the raw stamps, the way only a width-1 queue fed one add at a time
        // allows: a call's slot is idle from the later of its entry and the previous operation's
        // finish to its own operation's ready (then the operation is ready: lost, not idle), and again
        // from its own operation's finish to the call's return when the worker ran it before the
        // call returned (a slow machine, or a sanitizer, makes that common).
        var stamps: [OperationID: (ready: UInt64, finished: UInt64)] = [:]
        for transition in run.transitions {
            var entry = stamps[transition.operation] ?? (0, 0)
            if transition.event == .ready && entry.ready == 0 { entry.ready = transition.timestamp }
            if transition.event == .finished { entry.finished = transition.timestamp }
            stamps[transition.operation] = entry
        }
        let adds = run.addCalls.sorted { $0.value.entered < $1.value.entered }
        var expected = 0
        var previousFinish: UInt64 = 0
        for (operation, call) in adds {
            let stamp = try #require(stamps[operation])
            let from = Swift.max(call.entered, previousFinish)
            if stamp.ready > from { expected += Int(stamp.ready - from) }
            if stamp.finished < call.returned {
                expected += Int(call.returned - Swift.max(stamp.finished, call.entered))
            }
            previousFinish = stamp.finished
        }
        let lost = slow.addPath.capacityLostNanoseconds
        #expect(Swift.abs(lost - expected) <= expected / 100, "add path \(lost) ns, from the stamps \(expected) ns")
        // A noop finishes long before the next 5 ms spin ends: unless the worker was kept off a CPU
        // for three quarters of every spin, most of the spins are idle inside the add call.
        #expect(lost >= count * Int(spin) / 4)
        let utilisation = try #require(slow.utilisation.first)
        #expect(utilisation.addPathLostNanoseconds == lost)
        #expect(slow.overheadPerOperationNanoseconds >= Double(lost) / Double(count))
        #expect(slow.text().contains("in the queue's add call: \(count) calls"))
        let json = try JSONEncoder().encode(slow)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let phases = try #require(object["phases"] as? [String: Int])
        #expect(phases[ExplainPhase.addCall.rawValue] ?? 0 >= count * Int(spin))
        let addPath = try #require(object["addPath"] as? [String: Int])
        #expect(addPath["capacityLostNanoseconds"] == lost)
    }

    /// A trace written before add calls were stamped still reads, and explains without them.
    @Test func aVersionOneTraceStillExplains() throws {
        let text = """
            queuelab-transitions/1
            queue 0 1 q
            op 1 0 0 0 - first
            t 1 1 ready 0 0 100 7
            t 2 1 executing 0 0 110 8
            t 3 1 finished 0 0 150 8

            """
        let run = try RecordedRun.readTransitions(from: Data(text.utf8))
        #expect(run.addCalls.isEmpty && run.queueOf[OperationID(rawValue: 1)] == 0)
        let explanation = RunExplanation(run)
        #expect(explanation.operations == 1 && explanation.addPath.calls == 0)
        #expect(explanation.phases[ExplainPhase.addCall.rawValue] == nil)
        #expect(explanation.limits.contains { $0.contains("add calls were not stamped") })
    }
}
