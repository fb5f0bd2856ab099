import QueueLabBenchmarks

/// Results rows made up for tests of what reads them (comparisons, verdicts, the compare command):
/// one cell, one figure per round, everything else fixed.
package enum SyntheticRecords {
    /// Ten rounds of a steady figure, about 2 % apart.
    package static let steady: [Double] = [100, 102, 98, 101, 99, 103, 97, 100, 101, 99]

    /// One row per value, round by round, of one cell of `variant`.
    package static func records(
        _ values: [Double], variant: String, implementation: String = "lock", workload: String = "noop",
        host: String = "h", column: String = "ops_per_s"
    ) -> [SampleRecord] {
        values.enumerated().map { index, value in
            SampleRecord(
                timestamp: "t", variant: variant, gitCommit: "c", host: host, cores: 2, swiftVersion: "6.3.1",
                buildConfiguration: "release", allocator: "system", implementation: implementation,
                workload: workload, parameters: "n=1", seed: 1, round: index, figures: [column: value])
        }
    }

    /// One round of an `open` sweep of `implementation` at `rate` (const:50us bodies, width 1).
    package static func openLoop(_ implementation: String, rate: Int, round: Int, achieved: Double, waitP99: Double?)
        -> SampleRecord
    {
        var figures = ["offered_ops_per_s": Double(rate), "ops_per_s": achieved, "wall_s": 1]
        figures["a2s_p99_ns"] = waitP99
        return SampleRecord(
            timestamp: "2026-01-01T00:00:0\(round)Z", variant: "head", gitCommit: "abc", host: "h", cores: 2,
            swiftVersion: "6.3.1", buildConfiguration: "release", allocator: "system", implementation: implementation,
            workload: "open", parameters: "rate=\(rate);service=const:50us;width=1", seed: 1, round: round,
            figures: figures)
    }
}
