/// The figures only `open` samples (and their sweeps) have; all optional in a CSV's header, so
/// files written before them still read.
extension Figure {
    static let openLoop: [Figure] = {
        var figures = [
            Figure("offered_ops_per_s", .informational, "open: arrivals a second of the schedule (measured)"),
            Figure(
                "a2s_mean_ns", .lowerIsBetter, "open: mean wait from intended arrival to start (queueing theory's Wq)"),
        ]
        for (kind, text) in [("a2s", "intended arrival to start"), ("a2f", "intended arrival to finish")] {
            for (name, _) in percentiles {
                figures.append(Figure("\(kind)_\(name)_ns", .lowerIsBetter, "open: \(text) \(name)"))
            }
            figures.append(Figure("\(kind)_max_ns", .lowerIsBetter, "open: \(text) max"))
        }
        figures += [
            Figure("s2f_mean_ns", .informational, "open: measured mean body time (service)"),
            Figure(
                "model_wait_ns", .informational,
                "open: mean wait an ideal FCFS queue of the same width gives these arrivals and measured services"),
            Figure(
                "theory_wait_ns", .informational,
                "open, poisson arrivals, exp service: M/M/c (Erlang C) mean wait at the measured rate and service"),
            Figure("generator_late_p50_ns", .informational, "open: the generator's lateness behind its schedule, p50"),
            Figure("generator_late_p99_ns", .lowerIsBetter, "open: the generator's lateness behind its schedule, p99"),
            Figure("generator_late_max_ns", .informational, "open: the generator's largest lateness"),
            Figure(
                "generator_late", .informational,
                "open: 1 when generator_late_p99_ns exceeded late_tolerance_us (the sample's latencies are left out)"),
            Figure("backlog_end", .lowerIsBetter, "open: operations not yet started when the last one arrived"),
            Figure(
                "saturation_ops_per_s", .higherIsBetter,
                "open sweep: highest offered rate kept within 2 % with p99 wait under the limit (one row per round)"),
        ]
        return figures
    }()
}
