/// The table `queuelab bench` prints: medians per cell and each implementation's throughput ratio
/// to `foundation` and to `dispatch` on the same workload. A ratio's column is there only when its
/// reference ran: a tool of your own may not have it, and a column of dashes says nothing.
package enum BenchmarkSummary {
    package static func render(_ records: [SampleRecord], notes: [String] = [], failures: [String] = []) -> String {
        let cells = Dictionary(grouping: records, by: \.cellKey)
        func median(_ key: String, _ column: String) -> Double? {
            let values = cells[key]?.compactMap { $0.figures[column] } ?? []
            return values.isEmpty ? nil : Median.of(values)
        }
        // The reference cell of `implementation` for a workload: same parameters, or the only cell of that
        // workload kind (Foundation runs capped sizes; marked with *).
        func reference(_ implementation: String, for record: SampleRecord) -> (key: String, exact: Bool)? {
            let exact = "\(implementation) \(record.workload) \(record.parameters)"
            if cells[exact] != nil { return (exact, true) }
            let sameKind = cells.keys.filter { $0.hasPrefix("\(implementation) \(record.workload) ") }
            return sameKind.count == 1 ? (sameKind[0], false) : nil
        }
        let references = ["foundation", "dispatch"].filter { name in records.contains { $0.implementation == name } }
        var table = [
            ["workload", "impl", "n", "ops/s", "e2f p50", "e2f p99", "peak conc", "allocs/op"]
                + references.map { "vs \($0)" }
        ]
        let keys = cells.keys.sorted { lhs, rhs in
            let (a, b) = (cells[lhs]![0], cells[rhs]![0])
            return (a.workload, a.parameters, a.queueLabel) < (b.workload, b.parameters, b.queueLabel)
        }
        for key in keys {
            let first = cells[key]![0]
            let throughput = median(key, "ops_per_s")
            func ratio(to implementation: String) -> String {
                guard let throughput, let ref = reference(implementation, for: first),
                    let other = median(ref.key, "ops_per_s"), other > 0
                else { return "-" }
                return FigureFormat.ratio(throughput / other) + (ref.exact ? "" : "*")
            }
            let row: [String] = [
                "\(first.workload) \(first.parameters)", first.queueLabel, "\(cells[key]!.count)",
                throughput.map(FigureFormat.number) ?? "-",
                median(key, "e2f_p50_ns").map { FigureFormat.value($0, column: "e2f_p50_ns") } ?? "-",
                median(key, "e2f_p99_ns").map { FigureFormat.value($0, column: "e2f_p99_ns") } ?? "-",
                median(key, "peak_concurrency").map(FigureFormat.number) ?? "-",
                median(key, "allocs_per_op").map(FigureFormat.number) ?? "-",
            ]
            table.append(row + references.map(ratio(to:)))
        }
        var out = [FigureFormat.table(table)]
        if !references.isEmpty {
            out.append(
                "ratios: median ops/s over the reference's on the same workload; * = reference ran other parameters (capped size)"
            )
        }
        out += notes.map { "note: \($0)" }
        out += failures.map { "FAILED: \($0)" }
        return out.joined(separator: "\n")
    }
}
