import Foundation
import QueueLabTool
import TestSupport
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// The gate on real queue code, inside the test suite: a slowdown of about 5 % planted in the lock
/// queue's own add and finish paths (`QUEUELAB_INJECT_NS`, not in the body) is a REGRESSION of the
/// instruction channel, and the same binary against itself is not. Instruction counts do not move
/// with the machine's load, so this holds on a busy CI machine; how often the wall-time channel
/// catches 10 % and 15 % is measured by `Lab/gate-campaign` on a quiet one (`results/gate/`),
/// never asserted by a timed test. Runs only in a build with the knob: a debug build, or one with
/// the package trait `FaultInjection`.
@Suite(.longTier("benches a slowed-down queue against the real one, in child processes")) struct InjectedRegressionTests
{
    /// At width 1 the count of an empty operation is steady (0.1 % between processes, debug build),
    /// where `chain`'s moved 5 % with the workers' polling.
    static let workload = "noop:n=500;width=1"
    static let samples = 6
    static let probeSamples = 3

    static func medianInstructions(_ records: [SampleRecord]) -> Double? {
        let counts = records.compactMap { $0.figures["instructions_per_op"] }.sorted()
        return counts.isEmpty ? nil : counts[counts.count / 2]
    }

    @Test(
        .enabled(if: ToolBinary.canCountInstructions && FaultInjectionKnob.isCompiledIn),
        .timeLimit(.minutes(30)))
    func aFivePercentHotPathSlowdownIsCaughtAndAnAToAIsNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("injected-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The knob's nanoseconds are nominal and the test build is not the release one, so the
        // planted size comes from the counts: probe, rescale, probe again. Not a straight line: a long
        // spin in add lets the worker park where a short one leaves it polling, so the slope of a
        // large probe overstates a small one's share. Each probe is the median of three samples a
        // side, and the value planted is always one a probe measured (a rescale with no probe after
        // it was once used as it came). Even so a probe is uncertain by about 2 points: one sample in
        // several counts about 2 % more (a worker that parked more often), and CI saw a probed 5 %
        // count 2.5 % (stop 21) and 2.2 % (bf45e44) in the run.
        var planted = 10
        var probed = try probe(in: folder, step: 0, injected: planted)
        for step in 1..<3 where abs(probed - 0.05) >= 0.015 {
            planted = max(1, Int((Double(planted) * 0.05 / max(probed, 0.005)).rounded()))
            probed = try probe(in: folder, step: step, injected: planted)
        }

        let run = try bench(in: folder.appendingPathComponent("run"), samples: Self.samples, injected: planted)
        let slowed = try #require(verdict(base: run.base, head: run.head))
        #expect(slowed.verdict == .regression, "5 % planted (\(planted) ns per path): \(slowed.ratio)")
        // What was caught must be a small slowdown, between 1.5 % and 10 %, not agree with the last
        // probe: under the long tier's parallel load a probe of three samples and the run of six can
        // disagree by more than their 2 points each (CI, 0d729f2: 14 ns a path probed 2.6 %, counted 6.8 %).
        #expect(
            slowed.ratio.ratio > 1.015 && slowed.ratio.ratio < 1.10,
            "planted \(planted) ns per path, probed \(probed), counted \(slowed.ratio)")
        let unchanged = try #require(verdict(base: run.base, head: run.aToA))
        #expect(
            unchanged.verdict != .regression && unchanged.verdict != .improvement, "A/A: \(unchanged.ratio)")
    }

    /// The slowdown `injected` ns per path plants, as the median of three samples a side.
    private func probe(in folder: URL, step: Int, injected: Int) throws -> Double {
        let probe = try bench(
            in: folder.appendingPathComponent("calibration-\(step)"), samples: Self.probeSamples,
            injected: injected, withAToA: false)
        let cost = try #require(Self.medianInstructions(probe.base))
        let probed = try #require(Self.medianInstructions(probe.head))
        #expect(probed > cost, "\(injected) ns per path added no instructions: \(cost) -> \(probed)")
        return probed / cost - 1
    }

    private struct Run {
        var base: [SampleRecord]
        var head: [SampleRecord]
        var aToA: [SampleRecord]
    }

    /// One interleaved bench under Callgrind: `base`, `head` with the knob set, and `aa` (the same
    /// binary again, nothing changed).
    private func bench(in folder: URL, samples: Int, injected: Int, withAToA: Bool = true) throws -> Run {
        let binary = ToolBinary.queuelab!
        var arguments = [
            "bench", "--instructions", "--impl", "lock", "--workload", Self.workload, "--samples", String(samples),
            "--warmup", "0", "--sample-timeout", "240", "--variant", "base=\(binary)", "--variant", "head=\(binary)",
            "--variant-env", "head:\(FaultInjectionKnob.environmentVariable)=\(injected)", "--out-dir", folder.path,
        ]
        if withAToA { arguments += ["--variant", "aa=\(binary)"] }
        let outcome = try ChildProcess.run(
            ChildCommand(executable: binary, arguments: arguments), timeout: .seconds(540))
        try #require(outcome.status == 0, "bench exit \(outcome.status): \(outcome.standardError.suffix(600))")
        func read(_ name: String) throws -> [SampleRecord] {
            try ResultsFile.decode(String(contentsOf: folder.appendingPathComponent("\(name).csv"), encoding: .utf8))
        }
        return Run(base: try read("base"), head: try read("head"), aToA: withAToA ? try read("aa") : [])
    }

    private func verdict(base: [SampleRecord], head: [SampleRecord]) -> ComparisonRow? {
        Comparison.compare(base: base, head: head, figures: ["instructions_per_op"]).rows.first
    }
}
