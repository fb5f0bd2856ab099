/// The table `bench` prints after an `open` sweep: per implementation and rate, the medians an app
/// feels (intended arrival to finish, p50 and p99) and whether the queue kept up; then each
/// implementation's saturation point. Nil when the records hold no sweep.
package enum SaturationSummary {
    package static func render(_ records: [SampleRecord]) -> String? {
        let sweeps = SaturationPoint.sweeps(in: records)
        guard !sweeps.isEmpty else { return nil }
        var table = [["sweep", "impl", "rate", "n", "achieved", "a2f p50", "a2f p99", "wait p99", "late gens"]]
        var points: [String] = []
        for sweep in sweeps {
            for rate in sweep.rates {
                let samples = sweep.samples[rate]!
                func median(_ column: String) -> String {
                    let values = samples.compactMap { $0.figures[column] }
                    return values.isEmpty ? "-" : FigureFormat.value(Median.of(values), column: column)
                }
                let late = samples.filter { ($0.figures["generator_late"] ?? 0) > 0 }.count
                table.append([
                    sweep.parameters, sweep.implementation, "\(rate)", "\(samples.count)", median("ops_per_s"),
                    median("a2f_p50_ns"), median("a2f_p99_ns"), median("a2s_p99_ns"), "\(late)",
                ])
            }
            let limit = FigureFormat.value(sweep.waitLimitNanoseconds, column: "a2s_p99_ns")
            points.append(
                "saturation \(sweep.implementation) [\(sweep.parameters)]: "
                    + (sweep.medianSaturation.map { "\($0) ops/s" } ?? "below \(sweep.rates[0]) ops/s (the lowest rate)")
                    + " (achieved within 2 % of offered, p99 wait under \(limit); medians per rate)")
        }
        return ([FigureFormat.table(table)] + points).joined(separator: "\n")
    }
}
