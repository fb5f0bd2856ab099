import Foundation

/// The typed form of an `open` workload's parameters: `rate` (arrivals a second), `duration_ms`,
/// `arrivals`, `service`, `mix`, `pace`, `width`, `seed`, `warm` (see `warmWorkers(of:width:)`) and
/// `late_tolerance_us` (the generator's p99 lateness beyond which a sample's latencies are not
/// reported as the queue's).
package struct OpenLoopSpec: Sendable, Hashable {
    package let rate: Int
    package let durationMilliseconds: Int
    package let arrivals: ArrivalProcess
    package let service: ServiceDistribution
    package let mix: PriorityMix
    package let pacing: ArrivalPacing
    package let width: Int
    package let seed: UInt64
    package let lateToleranceNanoseconds: UInt64

    /// Integer parameters and their defaults.
    static let integerDefaults: [String: Int] = [
        "rate": 10_000, "duration_ms": 1_000, "width": -1, "seed": 42, "late_tolerance_us": 50, "warm": 1,
    ]
    /// Text parameters and their defaults (already canonical).
    static let textDefaults: [String: String] = [
        "arrivals": "poisson", "service": "exp:50us", "mix": "normal", "pace": "sleep",
    ]

    /// Above this the generator cannot keep a schedule at all: one arrival a microsecond leaves
    /// less time than an add takes on any queue here (Dispatch's own `async` runs about 3.5M a
    /// second with nothing else to do). What it keeps below this is measured, not assumed.
    package static let highestRate = 500_000
    /// Arrivals per sample: four timestamps each must fit in memory beside the queue.
    package static let mostArrivals = 2_000_000

    package static let rateForms =
        "rate=N (1 to \(highestRate) arrivals a second), rate=sweep, rate=LOW..HIGH/STEPS (geometric), rate=R1+R2+R3"

    package init(_ workload: Workload) throws(WorkloadParseError) {
        rate = workload["rate"]
        durationMilliseconds = workload["duration_ms"]
        width = workload["width"]
        seed = UInt64(bitPattern: Int64(workload["seed"]))
        lateToleranceNanoseconds = UInt64(Swift.max(0, workload["late_tolerance_us"])) * 1_000
        arrivals = try ArrivalProcess(parsing: workload.textParameters["arrivals"] ?? "poisson")
        service = try ServiceDistribution(parsing: workload.textParameters["service"] ?? "exp:50us")
        mix = try PriorityMix(parsing: workload.textParameters["mix"] ?? "normal")
        pacing = try ArrivalPacing(parsing: workload.textParameters["pace"] ?? "sleep")
    }

    /// Arrivals in the sample: rate x duration.
    package var count: Int { Int((Double(rate) * Double(durationMilliseconds) / 1_000).rounded()) }

    /// Why these parameters cannot run, or nil: checked when the workload is parsed, before any sample.
    var problem: String? {
        if count < 1 { return "rate=\(rate) for duration_ms=\(durationMilliseconds) is no arrival at all" }
        if count > Self.mostArrivals {
            return "rate x duration is \(count) arrivals, more than \(Self.mostArrivals): shorten duration_ms"
        }
        return nil
    }

    /// The integer parameters' own ranges; nil for other keys (the general rules apply).
    static func rangeProblem(_ key: String, _ value: Int) -> String? {
        switch key {
        case "rate" where !(1...highestRate).contains(value):
            return value > highestRate
                ? "is more than the generator can possibly keep (one arrival every 2 us); valid: \(rateForms)"
                : "must be above zero; valid: \(rateForms)"
        case "duration_ms" where !(1...3_600_000).contains(value): return "must be 1 to 3600000 (an hour)"
        case "late_tolerance_us" where value < 1: return "must be at least 1"
        default: return nil
        }
    }

    /// The canonical spelling of a text parameter's value, or why it is no value for it.
    static func canonical(_ key: String, _ value: String) throws(WorkloadParseError) -> String {
        switch key {
        case "arrivals": return try ArrivalProcess(parsing: value).rawValue
        case "service": return try ServiceDistribution(parsing: value).text
        case "mix": return try PriorityMix(parsing: value).text
        case "pace": return try ArrivalPacing(parsing: value).rawValue
        case "cost": return try MakespanGraph.canonicalCost(value)
        case "speed", "body", "file": return try ReplaySpec.canonical(key, value)
        default: return value
        }
    }
}

extension Workload {
    /// Text-valued parameters a kind accepts, with their defaults (`open`'s, and `makespan`'s cost
    /// distribution).
    package static func textDefaults(for kind: WorkloadKind) -> [String: String] {
        switch kind {
        case .open: OpenLoopSpec.textDefaults
        case .makespan: MakespanGraph.textDefaults
        case .replay: ReplaySpec.textDefaults
        default: [:]
        }
    }

    /// A kind's own rule for an integer parameter, checked before the general ``rangeProblem(_:_:)``.
    static func kindRangeProblem(_ kind: WorkloadKind, _ key: String, _ value: Int) -> String? {
        switch kind {
        case .open: OpenLoopSpec.rangeProblem(key, value)
        case .makespan: MakespanGraph.rangeProblem(key, value)
        case .idle: IdleWorkload.rangeProblem(key, value)
        default: nil
        }
    }

    /// `key=value` pieces of `a=1;b=x,y`: a `,` separates parameters only when what follows it is a
    /// `key=value` of its own, so `service=bimodal:5us,500us,0.01` keeps its commas.
    static func parameterPieces(_ text: String) -> [String] {
        var pieces: [String] = []
        for chunk in text.split(separator: ";") {
            for part in chunk.split(separator: ",") {
                if !part.contains("="), let last = pieces.popLast() {
                    pieces.append(last + "," + part)
                } else {
                    pieces.append(String(part))
                }
            }
        }
        return pieces
    }

    /// Whole-workload checks once every parameter is known (`open`: the arrival count; `makespan`:
    /// the chains fit in `n`).
    func combinedProblem() -> String? {
        if kind == .makespan { return MakespanGraph.problem(self) }
        if kind == .replay {
            do {
                _ = try ReplaySpec(self)
                return nil
            } catch {
                return error.message
            }
        }
        guard kind == .open else { return nil }
        do {
            return try OpenLoopSpec(self).problem
        } catch {
            return error.message
        }
    }
}
