import Foundation
import QueueLabConformance
import QueueLabCore
import Testing

/// How often `once.cancel-race` catches a queue that runs a body twice in 1 of N racing cancels,
/// for N from 100 to 100,000: the measurement behind the floor stated in TheChecks.md. Minutes
/// long, so opt-in:
/// `QUEUELAB_MEASURE_DUPLICATES=1 swift test --filter DuplicateRateMeasurement`
/// (`QUEUELAB_MEASURE_SEEDS` seeds per rate, 20 by default; `QUEUELAB_MEASURE_LEVEL` default or stress).
@Suite(
    "Duplicate rate against detection",
    .enabled(if: ProcessInfo.processInfo.environment["QUEUELAB_MEASURE_DUPLICATES"] == "1"))
struct DuplicateRateMeasurement {
    typealias Run = @Sendable (Check, ConformanceConfiguration) -> CheckOutcome

    static func runner<F: QueueFlavor>(_ flavor: F.Type) -> (Int, Run) {
        (F.duplicateOneIn, { ConformanceSuite.run($0, on: TestQueue<F>.self, configuration: $1) })
    }

    @Test("detection rate per duplicate rate")
    func measure() throws {
        let environment = ProcessInfo.processInfo.environment
        let seeds = UInt64(environment["QUEUELAB_MEASURE_SEEDS"] ?? "") ?? 20
        let level = ConformanceLevel(rawValue: environment["QUEUELAB_MEASURE_LEVEL"] ?? "") ?? .default
        let check = try #require(Check.named("once.cancel-race"))
        let rates = [
            Self.runner(RunsBodyTwiceOneIn100.self), Self.runner(RunsBodyTwiceOneIn1000.self),
            Self.runner(RunsBodyTwiceOneIn10000.self), Self.runner(RunsBodyTwiceOneIn100000.self),
        ]
        for (oneIn, run) in rates {
            var caught = 0
            var notes: [String] = []
            for seed in 1...seeds {
                let outcome = run(
                    check,
                    ConformanceConfiguration(level: level, seed: seed, checks: [check], timeBound: level.timeBound))
                if outcome.verdict == .fail { caught += 1 } else { notes.append("seed \(seed): \(outcome.summary)") }
            }
            print("duplicate rate 1/\(oneIn), level \(level): caught \(caught) of \(seeds) seeds")
            notes.forEach { print("  missed \($0)") }
        }
    }
}
