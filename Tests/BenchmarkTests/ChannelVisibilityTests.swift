import Foundation
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// Under the table, each channel says what it can and cannot see (issue 28): an instruction-count
/// SAME is no evidence about time spent waiting.
@Suite(.onBlockingThreads) struct ChannelVisibilityTests {
    static func report(_ column: String) -> ComparisonReport {
        let values: [Double] = [100, 101, 99, 102, 98, 100, 101, 99]
        func records(_ variant: String, _ offset: Int) -> [SampleRecord] {
            values.enumerated().map { round, value in
                SampleRecord(
                    timestamp: String(format: "2026-11-23T09:%02d:%02dZ", round, offset), variant: variant,
                    gitCommit: "c", host: "h", cores: 2, swiftVersion: "6.3.1", buildConfiguration: "release",
                    allocator: "system", implementation: "lock", workload: "noop", parameters: "n=1", seed: 7,
                    round: round, figures: [column: value])
            }
        }
        return Comparison.compare(base: records("base", 0), head: records("head", 1), figures: [column])
    }

    @Test func theInstructionChannelSaysItCannotSeeWaiting() {
        let text = Self.report("instructions_per_op").rendered(.text)
        #expect(text.contains("cannot see time spent waiting on a clock, a lock or the kernel"))
        #expect(!text.contains("Wall channel"))
    }

    @Test func theWallChannelSaysItSeesWaitingAtThePrintedPower() {
        for format in ReportFormat.allCases {
            let text = Self.report("ops_per_s").rendered(format)
            #expect(text.contains("Wall channel"))
            #expect(text.contains("only down to each row's printed detectable change"))
            #expect(!text.contains("Instruction channel"))
            #expect(!text.contains("CPU time (cpu_ns_per_op)"))
        }
    }

    @Test func cpuTimeSaysItCannotSeeBlockedTime() {
        let text = Self.report("cpu_ns_per_op").rendered(.text)
        #expect(text.contains("CPU time (cpu_ns_per_op)"))
        #expect(text.contains("cannot see time spent blocked"))
    }
}
