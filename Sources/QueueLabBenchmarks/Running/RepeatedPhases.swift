import Foundation

/// `bench --repetitions K`: K timed phases in one sample process, after its warm-up. The sample
/// reports the phase with the median wall time (all its figures, so latencies and throughput stay
/// consistent), plus `repetitions` and `repetition_log_sd`, the standard deviation of the phases'
/// log wall times: the noise left inside one process, apart from the noise between processes.
enum RepeatedPhases {
    static func summarise(_ phases: [SampleFigures]) -> SampleFigures {
        precondition(!phases.isEmpty, "at least one timed phase")
        let byWall = phases.sorted { ($0["wall_s"] ?? 0) < ($1["wall_s"] ?? 0) }
        // The lower median for an even K: an actual phase, not an average of two.
        var median = byWall[(byWall.count - 1) / 2]
        let logs = phases.compactMap { $0["wall_s"] }.filter { $0 > 0 }.map { Foundation.log($0) }
        median.values["repetitions"] = Double(phases.count)
        median.values["repetition_log_sd"] = standardDeviation(logs)
        // Callgrind counted every phase: instructions per operation divide by all of them.
        median.values["timed_operations"] = phases.compactMap { $0["operations"] }.reduce(0, +)
        return median
    }

    static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = values.reduce(0, +) / Double(values.count)
        let squares = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +)
        return (squares / Double(values.count - 1)).squareRoot()
    }
}
