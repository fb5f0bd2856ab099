/// The checks a resumed journal's rows pass before any of them is taken: each row one sample of
/// this plan's cells, in a round of the plan, written once, with text fields a run writes. A
/// duplicated row became a duplicated sample, and a NUL byte or garbage text was copied into the CSV.
package enum JournalRows {
    /// The first problem, with its file line, or nil when every row is sound.
    ///
    /// - Parameters:
    ///   - records: the journal's rows, in file order.
    ///   - firstLine: the file line of `records[0]`.
    ///   - variant: the variant the journal belongs to.
    ///   - plan: the plan (with the journal's seed).
    ///   - roundLimit: rounds at or beyond it are refused; nil when rounds are added beyond
    ///     `plan.samples` (`--until-detectable`).
    package static func problem(
        _ records: [SampleRecord], firstLine: Int, variant: String, plan: BenchmarkPlan, roundLimit: Int?
    ) -> (line: Int, message: String)? {
        let cells = Set(plan.cells().cells.filter { $0.variant == variant }.map(\.recordCellKey))
        var seen: [String: Int] = [:]
        for (index, record) in records.enumerated() {
            let line = firstLine + index
            if let field = damagedField(record) {
                return (line, "'\(field)' holds bytes no run writes (a control character or invalid UTF-8)")
            }
            if record.variant != variant {
                return (line, "a sample of variant '\(record.variant)' in the journal of '\(variant)'")
            }
            if record.seed != plan.seed {
                return (line, "seed \(record.seed), the journal's plan has \(plan.seed)")
            }
            if !cells.contains(record.cellKey) {
                return (line, "cell '\(record.cellKey)' is not in this run's plan")
            }
            if record.round < 0 || roundLimit.map({ record.round >= $0 }) == true {
                return (line, "round \(record.round) is beyond the plan's \(plan.samples) rounds")
            }
            let key = "\(record.cellKey) #\(record.round)"
            if let earlier = seen[key] {
                return (line, "a second sample of \(key) (the first is on line \(earlier))")
            }
            seen[key] = line
        }
        return nil
    }

    /// The first text field holding a control character or a replaced invalid byte.
    static func damagedField(_ record: SampleRecord) -> String? {
        let fields: [(String, String)] = [
            ("timestamp", record.timestamp), ("variant", record.variant), ("git_commit", record.gitCommit),
            ("host", record.host), ("swift_version", record.swiftVersion), ("build_config", record.buildConfiguration),
            ("allocator", record.allocator), ("implementation", record.implementation), ("policy", record.policy),
            ("workload", record.workload), ("params", record.parameters),
        ]
        return fields.first { _, value in
            value.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{FFFD}" }
        }?.0
    }
}
