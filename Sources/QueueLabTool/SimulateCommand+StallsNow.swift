import Foundation
import QueueLabBenchmarks
import QueueLabSimulation

/// `simulate --validate` measures the machine's stalls again before it simulates: a shared
/// machine's stalls are those of the minute, not of the calibration's: probes minutes apart count
/// several times more or fewer millisecond stalls, and a saturated queue's longest wait follows
/// them (`results/simulate/README.md`, "Validation with warm workers, and stalls of the minute").
extension SimulateCommand {
    /// With `--validate`: replaces `calibration`'s stalls by the machine's measured now, unless
    /// `--keep-calibration-stalls` or the calibration has none (an exact timetable stays exact);
    /// the line saying both, or nil.
    func measureStallsNow(into calibration: inout SimulationCalibration) -> String? {
        let before = StallCounts(calibration)
        guard !keepCalibrationStalls, before.perSecond > 0 else { return nil }
        let threads = ProcessInfo.processInfo.activeProcessorCount
        let seconds = Int(Self.stallProbeDuration.components.seconds)
        FileHandle.standardError.write(
            Data(
                "measuring the machine's stalls for \(seconds) s (--keep-calibration-stalls: the calibration's)\n".utf8)
        )
        let stalls = StallProbe.measure(threads: threads, duration: Self.stallProbeDuration)
        calibration.setStalls(stalls)
        let now = StallCounts(calibration)
        return "stalls: measured just before the simulation (\(seconds) s, \(threads) threads): \(now); "
            + "the calibration's: \(before)"
    }
}

/// A calibration's stalls in two numbers a reader can compare: all of them, and those over a
/// millisecond (the ones that make a tail), each a second of a thread's time.
struct StallCounts: CustomStringConvertible {
    let perSecond: Double
    let overMillisecondPerSecond: Double

    init(_ calibration: SimulationCalibration) {
        func share(_ durations: [UInt64]) -> Double {
            durations.isEmpty ? 0 : Double(durations.count { $0 > 1_000_000 }) / Double(durations.count)
        }
        perSecond = calibration.stallsPerSecond + calibration.tailStallsPerSecond
        overMillisecondPerSecond =
            calibration.stallsPerSecond * share(calibration.stallNanoseconds)
            + calibration.tailStallsPerSecond * share(calibration.tailStallNanoseconds)
    }

    var description: String {
        String(format: "%.1f a second, %.2f of them over 1 ms", perSecond, overMillisecondPerSecond)
    }
}
