import Foundation
import QueueLabCore
import QueueLabImplementations
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

@Suite(.onBlockingThreads) struct TraceTests {
    static let workerA: UInt64 = 0x7f00_0000_1000
    static let workerB: UInt64 = 0x7f00_0000_2000
    static let adder: UInt64 = 0x7f00_0000_0100

    /// `first` runs on worker A, `second` (depends on first) on worker B, `skipped` is cancelled before it runs.
    static func transitions() -> [StateTransition] {
        let first = OperationID(rawValue: 1)
        let second = OperationID(rawValue: 2)
        let skipped = OperationID(rawValue: 3)
        var sequence: UInt64 = 0
        func t(
            _ id: OperationID, _ name: String?, _ event: OperationEvent, _ at: UInt64, _ thread: UInt64,
            _ priority: QueuePriority = .normal
        )
            -> StateTransition
        {
            sequence += 1
            return StateTransition(
                operation: id, name: name, event: event, priority: priority, timestamp: 1_000_000 + at, thread: thread,
                sequence: sequence)
        }
        return [
            t(first, "first", .ready, 0, adder, .high),
            t(second, nil, .pending, 100, adder),
            t(skipped, "skipped", .ready, 200, adder),
            t(first, "first", .executing, 5_000, workerA, .high),
            t(skipped, "skipped", .cancelled, 6_000, adder),
            t(first, "first", .finished, 9_000, workerA, .high),
            t(second, nil, .ready, 9_100, workerA),
            t(skipped, "skipped", .finished, 9_200, workerA),
            t(second, nil, .executing, 10_000, workerB),
            t(second, nil, .finished, 12_000, workerB),
        ]
    }

    static var trace: ChromeTrace {
        ChromeTraceBuilder.build(
            transitions: transitions().reversed(),  // delivery order does not matter: sequence does
            dependencies: [OperationID(rawValue: 2): [OperationID(rawValue: 1)]],
            metadata: ["implementation": "test", "workload": "unit"])
    }

    @Test func aSlicePerExecutedOperationOnItsWorkersLane() throws {
        let slices = Self.trace.events("X")
        #expect(slices.count == 2)
        let first = try #require(slices.first { $0.name == "first" })
        let second = try #require(slices.first { $0.name == "op #2" })
        // Lanes in order of appearance: the adder is 1, worker A 2, worker B 3.
        #expect(first.tid == 2 && second.tid == 3)
        #expect(first.ts == 5 && first.dur == 4)  // microseconds
        #expect(first.args?["priority"] == .string("high"))
        #expect(first.args?["queue_wait_us"] == .number(5))
        #expect(second.args?["queue_wait_us"] == .number(0.9))
        #expect(second.args?["dependencies"] == .integer(1))
    }

    @Test func dependencyIsAFlowFromTheEndOfOneSliceToTheStartOfTheNext() throws {
        let starts = Self.trace.events("s")
        let ends = Self.trace.events("f")
        #expect(starts.count == 1 && ends.count == 1)
        let start = try #require(starts.first)
        let end = try #require(ends.first)
        #expect(start.id == end.id)
        #expect(start.tid == 2 && end.tid == 3)
        // Inside the dependency's slice [5, 9] and at the dependent's start.
        #expect(try #require(start.ts) > 5 && start.ts! < 9)
        #expect(end.ts == 10 && end.bp == "e")
    }

    @Test func cancellationsAreInstantEvents() {
        let instants = Self.trace.events("i")
        #expect(instants.contains { $0.name == "cancel skipped" && $0.tid == 1 && $0.s == "t" && $0.ts == 6 })
        #expect(instants.contains { $0.name.contains("skipped finished without running (cancelled)") })
    }

    @Test func lanesAreNamedAndTheJSONFollowsTheFormat() throws {
        let trace = Self.trace
        let names = trace.traceEvents.filter { $0.ph == "M" && $0.name == "thread_name" }
        #expect(names.count == 3)
        #expect(names.contains { $0.args?["name"] == .string("thread 2 (pthread 0x7f0000001000)") })
        let object = try #require(try JSONSerialization.jsonObject(with: trace.json()) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        #expect(object["displayTimeUnit"] as? String == "ns")
        let phases: Set<String> = ["X", "i", "s", "f", "M"]
        for event in events {
            let phase = try #require(event["ph"] as? String)
            #expect(phases.contains(phase))
            #expect(event["pid"] is Int && event["tid"] is Int && event["name"] is String)
            if phase != "M" { #expect(event["ts"] is Double || event["ts"] is Int) }
            if phase == "X" { #expect(event["dur"] != nil) }
        }
    }

    @Test func tracedChainOnTheLockQueue() throws {
        let queue = try Implementations.named("lock")
        let workload = try TraceRun.workload(parsing: "chain:n=50")
        let (trace, note) = try TraceRun.record(queue, workload: workload, drainTimeout: .seconds(30))
        #expect(note == nil)
        #expect(trace.events("X").count == 50)
        #expect(trace.events("s").count == 49)
        #expect(trace.events("f").count == 49)
        #expect(trace.otherData["implementation"] == "lock")
        // A chain never overlaps: each slice starts after the previous one ended.
        let slices = trace.events("X").sorted { $0.ts! < $1.ts! }
        for (earlier, later) in zip(slices, slices.dropFirst()) {
            #expect(later.ts! >= earlier.ts! + earlier.dur! - 0.001)
        }
    }

    @Test func traceSizesApplyOnlyToParametersNotGiven() throws {
        #expect(try TraceRun.workload(parsing: "chain")["n"] == 200)
        #expect(try TraceRun.workload(parsing: "chain:n=7")["n"] == 7)
        let fanout = try TraceRun.workload(parsing: "fanout:k=3")
        #expect(fanout["k"] == 3 && fanout["rounds"] == 5)
        #expect(throws: WorkloadParseError.self) { try TraceRun.workload(parsing: "chian") }
    }
}
