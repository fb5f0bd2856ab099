import QueueLabBenchmarks
import QueueLabCore
import QueueLabScheduling
import QueueLabSimulation
import TestTiers
import Testing

/// `open` with Poisson arrivals and exponential service, simulated without queue costs, against
/// M/M/1 and M/M/c (Erlang C) at moderate load.
@Suite(.onBlockingThreads) struct QueueingTheoryTests {
    /// Not under ThreadSanitizer: 600,000 simulated operations a case on one thread, a third of the
    /// fast tier's CPU and about half of its ThreadSanitizer run's (`results/ci/fourth-round.md`),
    /// where the sanitizer has no second thread to see. The simulator's one-thread runs stay under
    /// the sanitizer in every other test of this target.
    @Test(
        "mean wait within 5 % of Erlang C",
        .disabled(if: TestTier.runsUnderThreadSanitizer, "one thread, pure computation"),
        arguments: [(1, 10_000), (2, 24_000), (4, 56_000), (16, 256_000)])
    func erlangC(width: Int, rate: Int) throws {
        var waits: [Double] = []
        var theory = 0.0
        for seed in 1...3 {
            let workload = try Workload(
                parsing: "open:rate=\(rate);duration_ms=\(200_000_000 / rate);service=exp:50us;seed=\(seed)")
            let shape = try SimulationShape(workload)
            let result = try Simulator(shape: shape, calibration: .ideal, width: width, cores: width).run(
                policy: StrictPolicy())
            let figures = result.figures(for: workload, shape: shape, width: width)
            waits.append(try #require(figures["a2s_mean_ns"]))
            // Without queue costs the simulation is the ideal FCFS queue on the same draws.
            let model = try #require(figures["model_wait_ns"])
            #expect(abs(waits.last! - model) <= 0.001 * model + 1)
            theory = try #require(
                QueueingTheory.meanWait(arrivalRate: Double(rate) / 1e9, meanService: 50_000, servers: width))
        }
        let mean = waits.reduce(0, +) / Double(waits.count)
        #expect(abs(mean - theory) / theory < 0.05, "simulated \(mean) ns, Erlang C \(theory) ns")
    }
}
