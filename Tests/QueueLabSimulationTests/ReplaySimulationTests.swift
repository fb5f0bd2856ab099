import Foundation
import QueueLabBenchmarks
import QueueLabRecorder
import QueueLabScheduling
import QueueLabSimulation
import TestTiers
import Testing

/// `simulate --workload replay`: a recording's queues, arrivals, dependencies (across queues, and
/// on an operation added later) and cancellations, in virtual time.
@Suite(.onBlockingThreads) struct ReplaySimulationTests {
    private let costs = SimulationCalibration(
        name: "test", implementation: "test", overheadNanoseconds: 100, wakeupNanoseconds: 1_000,
        handOffNanoseconds: 50)

    /// Two queues: `work` at the cell's width and `main` at width 1. In file order (by add time):
    /// a (work, 100 us), e (main, waits for f, added later), b (main, waits for a), c (main),
    /// d (work, cancelled 500 ns after its add: before a worker, woken 1 us later, takes it),
    /// f (work, 10 us).
    static let text = """
        queuelab-recording/1
        q 0 -1 work
        q 1 1 main
        o 1 0 0 0 0 100000 - - a
        o 5 1 0 500 0 10000 - 6 e
        o 2 1 0 1000 0 50000 - 1 b
        o 3 1 0 2000 0 50000 - - c
        o 4 0 0 3000 0 50000 500 - d
        o 6 0 0 4000 0 10000 - - f

        """

    private func simulate(
        width: Int, _ extra: String = "", text: String = Self.text
    ) throws -> (SimulationResult, Workload, SimulationShape) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("replay-sim-\(UUID().uuidString).qlr")
        try text.write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let workload = try Workload(parsing: "replay:file=\(path.path)\(extra)")
        let shape = try SimulationShape(workload)
        let result = try Simulator(shape: shape, calibration: costs, width: width, cores: width)
            .run(policy: try SchedulingPolicies.parse("strict"), keepingTimeline: true)
        return (result, workload, shape)
    }

    @Test("queues, dependencies and cancellations as recorded", arguments: [1, 4])
    func recordedOrder(width: Int) throws {
        let (result, workload, shape) = try simulate(width: width)
        let (a, e, b, c, d, f) = (0, 1, 2, 3, 4, 5)
        #expect(result.enqueued == [0, 500, 1_000, 2_000, 3_000, 4_000])
        #expect(result.started[b] >= result.finished[a])
        #expect(result.started[e] >= result.finished[f])
        // main has width 1: its operations never overlap, whatever the cell's width.
        let main = [e, b, c].sorted { result.started[$0] < result.started[$1] }
        for (first, second) in zip(main, main.dropFirst()) {
            #expect(result.started[second] >= result.finished[first])
        }
        #expect(result.skipped == [d])
        let figures = result.figures(for: workload, shape: shape, width: width)
        #expect(figures["operations"] == 6)
        #expect(figures["latency_samples"] == 5)
        #expect(figures["makespan_ns"] == Double(result.makespan))
        let again = try simulate(width: width).0
        #expect(again == result)
    }

    @Test func speedDividesTheRecordedTimes() throws {
        let (result, _, _) = try simulate(width: 4, ";speed=2")
        #expect(result.enqueued == [0, 250, 500, 1_000, 1_500, 2_000])
        #expect(result.durations[0] == 50_000)
    }

    @Test func sleepingBodiesAreRefused() throws {
        #expect {
            _ = try simulate(width: 2, ";body=sleep")
        } throws: { error in
            "\(error)".contains("body=sleep cannot be simulated")
        }
    }

    /// `held` (recorded at width 2) is set to width 1 and suspended before its first add and resumed
    /// at 5 us; `swept` (recorded at its default width) is set to width 1 too. Both get `low` (added
    /// at 0) and `high` (at 1 us), 10 us each.
    static let changesText = """
        queuelab-recording/2
        q 0 2 held
        q 1 -1 swept
        w 0 100 1
        s 0 200 1
        w 1 300 1
        s 0 5000 0
        o 1 0 -8 1000 4000 10000 - - low
        o 2 0 8 2000 3000 10000 - - high
        o 3 1 -8 1000 0 10000 - - low2
        o 4 1 8 2000 0 10000 - - high2

        """

    /// The suspension holds both of `held`'s operations until 5 us (4 us after the first add), then
    /// `high` runs first and alone (width 1); `swept` takes the cell's width, not the width the app
    /// set on it, so at width 2 its two operations run side by side.
    @Test func suspensionsAndWidthsAsRecorded() throws {
        let (result, _, shape) = try simulate(width: 2, text: Self.changesText)
        // In add order: low and low2 at 1 us, high and high2 at 2 us.
        let (low, low2, high, high2) = (0, 1, 2, 3)
        #expect(shape.queueChanges.map(\.kind) == [.width(1), .suspended(true), .suspended(false)])
        #expect(shape.queueChanges.map(\.at) == [0, 0, 4_000])
        #expect(result.started[high] >= 4_000 && result.started[high] < result.started[low])
        #expect(result.started[low] >= result.finished[high])
        #expect(result.started[low2] < result.finished[high2] && result.started[high2] < result.finished[low2])
    }
}
