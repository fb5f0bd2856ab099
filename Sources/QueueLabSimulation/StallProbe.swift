import Foundation
import QueueLabBenchmarks
import QueueLabCore

/// Measures the stalls a calibration's `StallModel` draws from: `threads` threads (one a core,
/// as saturated workers) each read the clock in a tight loop for `duration`; a gap between two
/// reads longer than ``threshold`` is time the thread lost its core.
///
/// The window opens once the threads run side by side: a fresh thread can share another's core
/// for a while, and the time slices of two threads on one core are gaps of milliseconds that are
/// no stall of the machine but the start-up ``SimulationCalibration/spawnNanoseconds`` holds
/// (measured: `results/simulate/README.md`, "The second worker's core").
public enum StallProbe {
    /// Shorter gaps are the loop's own cost and cache misses, not a lost core.
    public static let threshold: UInt64 = 2_000
    /// Durations a calibration keeps of the bulk of the stalls: quantiles at evenly spaced
    /// probabilities.
    public static let quantiles = 64
    /// The longest stalls are kept one by one, not as quantiles: this many at most, and no more
    /// than a sixteenth of all: the quantiles of a probe's many short stalls would fold its few
    /// millisecond ones, which make a saturated queue's tail, into one value (measured:
    /// `results/simulate/README.md`, "The machine's longest stalls").
    public static let tailLimit = 256

    /// Stalls a second of a thread's time, split into the bulk (quantiles) and the tail (every one),
    /// measured once the threads run side by side or `settleBound` has passed without it (more
    /// threads than cores never do).
    public static func measure(
        threads: Int, duration: Duration, settleBound: Duration = .seconds(5)
    ) -> StallMeasurement {
        let count = Swift.max(1, threads)
        let length = duration.nanoseconds
        let gaps = Locked<[UInt64]>([])
        let side = SideBySide(threads: count, bound: settleBound.nanoseconds)
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            Thread {
                side.wait(as: index)
                let found = spin(for: length)
                gaps.withLock { $0 += found }
                done.leave()
            }.start()
        }
        done.wait()
        let threadSeconds = Double(count) * Double(length) / 1e9
        var measured = StallMeasurement(sorted: gaps.withLock { $0 }.sorted(), threadSeconds: threadSeconds)
        measured.sideBySideAfterNanoseconds = side.settledAfter
        return measured
    }

    /// `sorted`'s values at probabilities (i + 0.5) / k, k = ``quantiles`` (fewer when it holds fewer).
    static func quantilesOf(_ sorted: [UInt64]) -> [UInt64] {
        let count = Swift.min(quantiles, sorted.count)
        return (0..<count).map { index in
            let probability = (Double(index) + 0.5) / Double(count)
            return sorted[Swift.min(sorted.count - 1, Int(probability * Double(sorted.count)))]
        }
    }

    private static func spin(for length: UInt64) -> [UInt64] {
        var found: [UInt64] = []
        let start = MonotonicClock.now()
        var last = start
        while last &- start < length {
            let now = MonotonicClock.now()
            if now &- last > threshold { found.append(now &- last) }
            last = now
        }
        return found
    }
}

/// What ``StallProbe`` measured: a second of a thread's time lost `perSecond` stalls drawn from
/// `durations` (quantiles) and, on top, `tailPerSecond` drawn from `tailDurations` (each measured).
public struct StallMeasurement: Sendable, Equatable {
    /// The bulk's stalls a second of a thread's time.
    public var perSecond: Double
    /// The bulk's durations in nanoseconds, ascending: at most ``StallProbe/quantiles`` quantiles.
    public var durations: [UInt64]
    /// The longest stalls a second of a thread's time, on top of ``perSecond``.
    public var tailPerSecond: Double
    /// The longest stalls' durations in nanoseconds, every one measured, ascending: at most
    /// ``StallProbe/tailLimit`` of them, and at most a sixteenth of all stalls.
    public var tailDurations: [UInt64]
    /// How long after they started the probe's threads were first seen running side by side; nil
    /// when they never were within the bound (the window then opened at the bound).
    public var sideBySideAfterNanoseconds: UInt64?

    /// Splits `sorted` (ascending stall durations met over `threadSeconds`) into bulk and tail.
    init(sorted: [UInt64], threadSeconds: Double) {
        let tailCount = Swift.min(StallProbe.tailLimit, sorted.count / 16)
        let bulk = sorted.dropLast(tailCount)
        perSecond = Double(bulk.count) / threadSeconds
        durations = bulk.isEmpty ? [] : StallProbe.quantilesOf(Array(bulk))
        tailPerSecond = Double(tailCount) / threadSeconds
        tailDurations = Array(sorted.suffix(tailCount))
    }
}

extension SimulationCalibration {
    /// Sets the stalls from a ``StallProbe`` measurement.
    public mutating func setStalls(_ measured: StallMeasurement) {
        (stallsPerSecond, stallNanoseconds) = (measured.perSecond, measured.durations)
        (tailStallsPerSecond, tailStallNanoseconds) = (measured.tailPerSecond, measured.tailDurations)
    }
}
