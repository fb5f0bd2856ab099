import QueueLabBenchmarks

/// The table `queuelab simulate` prints: one line per cell (workload, queue, width, cores), the
/// mean over its seeds of the figures a sweep is read by.
package enum SimulationSummary {
    /// The table of `records`, rows of simulated cells: one line per cell and core count with the
    /// means over its seeds; `-` where none of the cell's rows has the figure.
    package static func render(_ records: [SampleRecord]) -> String {
        // Widths in numeric order (the params text sorts 16 before 2).
        func width(_ record: SampleRecord) -> Int {
            record.parameters.split(separator: ";").lazy.compactMap { piece in
                piece.hasPrefix("width=") ? Int(piece.dropFirst(6)) : nil
            }.first ?? 0
        }
        let cells = Dictionary(grouping: records) { "\($0.cellKey) cores=\($0.cores)" }
        func mean(_ rows: [SampleRecord], _ column: String) -> Double? {
            let values = rows.compactMap { $0.figures[column] }
            return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        }
        func shown(_ rows: [SampleRecord], _ column: String) -> String {
            mean(rows, column).map { FigureFormat.value($0, column: column) } ?? "-"
        }
        var table = [
            [
                "workload", "queue", "cores", "seeds", "ops/s", "makespan", "over bound", "e2s p50", "e2s p99",
                "a2s mean", "theory",
            ]
        ]
        let keys = cells.keys.sorted { lhs, rhs in
            let (a, b) = (cells[lhs]![0], cells[rhs]![0])
            return (a.workload, width(a), a.queueLabel, a.cores, a.parameters)
                < (b.workload, width(b), b.queueLabel, b.cores, b.parameters)
        }
        for key in keys {
            let rows = cells[key]!
            let first = rows[0]
            table.append([
                "\(first.workload) \(first.parameters)", first.queueLabel, "\(first.cores)", "\(rows.count)",
                mean(rows, "ops_per_s").map(FigureFormat.number) ?? "-", shown(rows, "wall_s"),
                mean(rows, "makespan_over_bound").map { FigureFormat.ratio($0) } ?? "-",
                shown(rows, "e2s_p50_ns"), shown(rows, "e2s_p99_ns"), shown(rows, "a2s_mean_ns"),
                shown(rows, "theory_wait_ns"),
            ])
        }
        let calibrations = Set(records.map(\.buildConfiguration)).sorted().joined(separator: ", ")
        return FigureFormat.table(table) + "\nsimulated (virtual time, calibration \(calibrations)); means over seeds"
    }
}
