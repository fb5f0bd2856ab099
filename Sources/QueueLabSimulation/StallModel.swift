import Foundation
import QueueLabCore

/// The time a running body loses to its machine: a thread that holds a core still loses it now and
/// then (to the kernel, to other processes, to the hypervisor), and on a shared machine those
/// stalls are what a queue's tail latencies and a saturated run's length are made of. Without
/// them a simulation is the exact timetable, whose tails are far shorter than any measured one.
///
/// Stalls come as a Poisson process in CPU time (``SimulationCalibration/stallsPerSecond`` per
/// second a body runs), each lasting a duration drawn from the calibration's measured ones
/// (``SimulationCalibration/stallNanoseconds``, each equally likely); the longest stalls, when the
/// calibration lists them, come as a second such process of their own (a Poisson process split by
/// duration is two independent ones, so this is the measured distribution, tail included). One
/// stream per process serves every core: CPU time is counted across bodies in the order they
/// start, so a run stays a pure function of its inputs and its seed.
struct StallModel {
    private var bulk: StallStream
    private var tail: StallStream?

    /// nil when the calibration has no stalls.
    init?(_ calibration: SimulationCalibration, seed: UInt64) {
        // Streams of their own: the workload's draws from the same seed stay as they are, and so
        // do a calibration's bulk stalls when a tail is added to it.
        guard
            let streams = StallStream.streams(
                of: calibration, bulkSeed: seed ^ 0x5354_414C_4C53, tailSeed: seed ^ 0x5441_494C_5354)
        else { return nil }
        (bulk, tail) = streams
    }

    /// The stall time work that runs `cpu` nanoseconds suffers (the queue's own code, which has to
    /// run to get done).
    mutating func stalls(during cpu: UInt64) -> UInt64 {
        bulk.stalls(during: cpu) &+ (tail?.stalls(during: cpu) ?? 0)
    }

    /// The wall time a body that passes `deadline` nanoseconds on the clock loses past its end.
    /// Every `bench` body spins (or sleeps) until the clock reaches its start plus its duration, so
    /// the clock goes on through a stall: one that ends before the deadline costs the body nothing,
    /// one that covers it costs the part past it (the body ends when its thread runs again). Stalls
    /// still come in the time the thread runs. Counting every stall whole, as for work that must
    /// run, put `inversion`'s simulated `inherit` p99 well above the measured medians and every
    /// simulated `makespan` at width 1 a little above (results/simulate/README.md, "A body's
    /// deadline").
    mutating func overrun(ofDeadline deadline: UInt64) -> UInt64 {
        var elapsed: UInt64 = 0
        while true {
            let bulkNext = bulk.nextIn
            let tailNext = tail?.nextIn ?? .max
            let untilStall = Swift.min(bulkNext, tailNext)
            guard elapsed &+ untilStall < deadline else {
                bulk.run(deadline - elapsed)
                tail?.run(deadline - elapsed)
                return 0
            }
            bulk.run(untilStall)
            tail?.run(untilStall)
            elapsed += untilStall
            let length = bulkNext <= tailNext ? bulk.takeStall() : tail!.takeStall()
            if elapsed &+ length >= deadline { return elapsed &+ length - deadline }
            elapsed += length
        }
    }
}

/// Stalls in wall time, for a thread that sleeps until a moment and must act then: the producer
/// the simulation plays, due to add, and an idle worker, woken. It loses nothing to a stall that
/// ends before its moment, and is late by the rest of one that covers it (its core was taken, so
/// it runs when the core is back). The probe's rates are a core's stalls a wall second, so they
/// serve here as they are. Moments come in increasing order (a moment before the last stall drawn
/// began meets no stall).
struct WallClockStalls {
    private var streams: [StallStream]
    private var nextStarts: [UInt64]
    /// Each stream's last stall drawn: a later moment before its end is covered by it too.
    private var lastStalls: [Range<UInt64>]

    /// nil when the calibration has no stalls. `salt` keeps each user's streams its own.
    init?(_ calibration: SimulationCalibration, seed: UInt64, salt: UInt64) {
        guard
            let (bulk, tail) = StallStream.streams(
                of: calibration, bulkSeed: seed ^ salt, tailSeed: seed ^ salt ^ 0x5441_494C)
        else { return nil }
        var streams = [bulk] + (tail.map { [$0] } ?? [])
        nextStarts = streams.indices.map { streams[$0].drawGap() }
        lastStalls = Array(repeating: 0..<0, count: streams.count)
        self.streams = streams
    }

    /// When a thread due to act at `time` acts: later than `time` when a stall covers it.
    mutating func ready(at time: UInt64) -> UInt64 {
        var ready = time
        var moved = true
        while moved {
            moved = false
            for index in streams.indices {
                while nextStarts[index] <= ready {
                    let start = nextStarts[index]
                    lastStalls[index] = start..<(start &+ streams[index].drawDuration())
                    nextStarts[index] = lastStalls[index].upperBound &+ streams[index].drawGap()
                }
                if lastStalls[index].contains(ready) { (ready, moved) = (lastStalls[index].upperBound, true) }
            }
        }
        return ready
    }
}

/// One Poisson process of stalls with durations drawn from a list: counted down in the CPU time
/// bodies run (``stalls(during:)``), or drawn gap by gap along wall time (`WallClockStalls`).
private struct StallStream {
    private let meanGap: Double
    private let durations: [UInt64]
    private var random: SplitMix64
    /// CPU time left until the next stall.
    private var untilNext: UInt64 = 0

    /// A calibration's bulk of stalls and, when it lists them, its tail, each seeded apart; nil
    /// when it has no stalls (a tail comes only with a bulk: the calibration's parser says so).
    static func streams(
        of calibration: SimulationCalibration, bulkSeed: UInt64, tailSeed: UInt64
    ) -> (bulk: StallStream, tail: StallStream?)? {
        guard
            let bulk = StallStream(
                perSecond: calibration.stallsPerSecond, durations: calibration.stallNanoseconds, seed: bulkSeed)
        else { return nil }
        let tail = StallStream(
            perSecond: calibration.tailStallsPerSecond, durations: calibration.tailStallNanoseconds, seed: tailSeed)
        return (bulk, tail)
    }

    /// nil with no stalls.
    init?(perSecond: Double, durations: [UInt64], seed: UInt64) {
        guard perSecond > 0, !durations.isEmpty else { return nil }
        meanGap = 1e9 / perSecond
        self.durations = durations
        random = SplitMix64(seed: seed)
        untilNext = drawGap()
    }

    mutating func stalls(during cpu: UInt64) -> UInt64 {
        var left = cpu
        var lost: UInt64 = 0
        while left >= untilNext {
            left -= untilNext
            lost &+= drawDuration()
            untilNext = drawGap()
        }
        untilNext -= left
        return lost
    }

    /// Running time until the next stall.
    var nextIn: UInt64 { untilNext }

    /// Runs `cpu` nanoseconds, no more than ``nextIn``, meeting no stall.
    mutating func run(_ cpu: UInt64) { untilNext -= cpu }

    /// The stall due now (``nextIn`` is 0): its duration; the gap to the next one is drawn after it,
    /// in the order ``stalls(during:)`` draws them, so both read one stream alike.
    mutating func takeStall() -> UInt64 {
        let duration = drawDuration()
        untilNext = drawGap()
        return duration
    }

    mutating func drawDuration() -> UInt64 {
        durations[Int.random(in: 0..<durations.count, using: &random)]
    }

    /// An exponential gap: at least 1 ns, so that a run always moves on.
    mutating func drawGap() -> UInt64 {
        let uniform = Double.random(in: Double.ulpOfOne..<1, using: &random)
        return Swift.max(1, UInt64((-log(uniform) * meanGap).rounded()))
    }
}
