import QueueLabBenchmarks

/// A calibration derived from `bench` rows of one implementation, as `simulate --calibrate` does
/// (the figures the committed `lock-vm2` one was read from by hand, read the same way).
extension SimulationCalibration {
    /// The `bench` workloads a calibration is read from, each chosen so that one queue cost
    /// dominates what it measures beside near-empty bodies.
    public static let measurementWorkloads = [
        "noop:n=100000;width=1", "chain:n=100000", "ping:n=2000", "makespan:n=2000;width=1",
    ]

    /// Independent 50 us bodies on a fresh queue of width 2 whose workers start in the timed phase
    /// (`warm=0`): its `parallel_after_ns` is how long the second worker took to run beside the
    /// first, and nothing of the graph's shape is in it.
    /// Measured in more samples than the others (``spawnSamplesPerSample``): its values fall in two
    /// modes, and the calibration keeps the share of each.
    public static let spawnWorkload = "makespan:n=2000;width=2;chains=1;length=1;warm=0"

    /// Samples of ``spawnWorkload`` per sample of the others: the share of stacked starts varies
    /// from run to run, so it is read from more samples than a cost
    /// (`results/simulate/README.md`, "The second worker's core").
    public static let spawnSamplesPerSample = 3

    /// Reads the three costs from `records` (rows of ``measurementWorkloads``, any number of
    /// samples each; medians over them, so one disturbed sample on a shared machine moves nothing):
    ///
    /// - `overhead_ns`: `noop` at width 1 runs everything on one worker, so a second over its
    ///   throughput is one operation's cost with an empty body.
    /// - `handoff_ns`: each `chain` link is an operation whose worker also releases a dependent;
    ///   a link's time less the overhead (0 when the link is cheaper: the hand-off is then lost in
    ///   the noise of the overhead).
    /// - `wakeup_ns`: `ping` adds each operation once the previous one finished, so its
    ///   add-to-finish p50 is the wake-up of the idle worker (plus an empty body).
    /// - `add_ns`, `make_ns`, `edge_ns`: `makespan`'s figures of the same names at width 1, an add
    ///   call to a suspended queue, making an operation, an `addDependency` call (each 0 without such
    ///   rows).
    /// - `spawn_ns`: every sample's `parallel_after_ns` of ``spawnWorkload`` (not a median: the
    ///   simulation draws from them, and on a VM they fall in two modes); empty without such rows.
    ///
    /// - Throws: ``CalibrationError`` naming the workload whose rows are missing.
    public init(
        measured records: [SampleRecord], name: String, implementation: String
    ) throws(CalibrationError) {
        func median(_ workload: String, width: Bool = false, _ column: String) throws(CalibrationError) -> Double {
            let values = records.filter {
                $0.implementation == implementation && $0.workload == workload
                    && (!width || $0.parameters.split(separator: ";").contains("width=1"))
            }.compactMap { $0.figures[column] }.filter { $0.isFinite && $0 > 0 }
            guard !values.isEmpty else {
                throw CalibrationError(line: 0, message: "no \(workload) rows of \(implementation) with \(column)")
            }
            return Median.of(values)
        }
        let overhead = 1e9 / (try median("noop", width: true, "ops_per_s"))
        let link = 1e9 / (try median("chain", "ops_per_s"))
        let wakeup = try median("ping", "e2f_p50_ns")
        // A figure the file could not hold (a cost over a second, a delay over a minute) is a
        // measurement gone wrong: refused as the reader would refuse it, never trapped on.
        func nanoseconds(_ value: Double, _ key: String, atMost bound: UInt64) throws(CalibrationError) -> UInt64 {
            guard value.isFinite, value >= 0, value <= Double(bound) else {
                throw CalibrationError(
                    line: 0, message: "\(key): measured \(value) ns, outside 0 to \(bound): the measurement went wrong")
            }
            return UInt64(value.rounded())
        }
        func cost(_ value: Double, _ key: String) throws(CalibrationError) -> UInt64 {
            try nanoseconds(value, key, atMost: Self.largestCost)
        }
        // The column and the file's key share a name (add_ns, make_ns, edge_ns).
        func producerCost(_ column: String) throws(CalibrationError) -> UInt64 {
            try cost((try? median("makespan", width: true, column)) ?? 0, column)
        }
        self.init(
            name: name, implementation: implementation, overheadNanoseconds: try cost(overhead, "overhead_ns"),
            wakeupNanoseconds: try cost(wakeup, "wakeup_ns"),
            handOffNanoseconds: try cost(Swift.max(0, link - overhead), "handoff_ns"),
            addNanoseconds: try producerCost("add_ns"))
        makeNanoseconds = try producerCost("make_ns")
        edgeNanoseconds = try producerCost("edge_ns")
        let spawnParameters = Set(Self.spawnWorkload.split(separator: ":").last?.split(separator: ";") ?? [])
        spawnNanoseconds = try records.filter {
            $0.implementation == implementation && $0.workload == "makespan"
                && Set($0.parameters.split(separator: ";")).isSuperset(of: spawnParameters)
        }.compactMap { $0.figures["parallel_after_ns"] }.filter { $0.isFinite && $0 >= 0 }
            .map { value throws(CalibrationError) in
                try nanoseconds(value, "spawn_ns", atMost: Self.largestDuration)
            }.sorted()
    }

    /// ``text`` after a comment block of `lines` (each prefixed with `# `): where and how the
    /// figures were measured, which a file should carry for whoever reads its figures later.
    public func text(comment lines: [String]) -> String {
        let header = lines.map { $0.isEmpty ? "#" : "# \($0)" }.joined(separator: "\n")
        let body = text.split(separator: "\n", maxSplits: 1).dropFirst().joined()
        return "# \(Self.schema)\n\(header)\n\(body)"
    }
}
