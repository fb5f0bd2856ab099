import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabConformance
import QueueLabCore
import QueueLabRegistry

#if canImport(Glibc)
    import Glibc
#endif

/// The hidden child of `conform`: runs checks of one implementation in this process and reports
/// each on its standard output (``ConformChildProtocol``), so that a queue that traps ends this
/// process, not `conform` and its report.
struct ConformChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ConformChildProtocol.subcommand,
        abstract: "Run conformance checks of one implementation and print each outcome as a line (used by conform).",
        shouldDisplay: false
    )

    @Option(name: .long) var impl: String
    @Option(name: .long) var policy: String?
    @Option(name: .long) var level: String
    @Option(name: .long, help: "Check IDs, comma-separated, in order.") var check: String
    @Option(name: .long) var seeds: String
    @Option(name: .long) var timeBound: Double?
    @Option(name: .long, help: "Items (check, seed) already done: start after them.") var skip = 0
    @Option(name: .long, help: "The parent's process ID: this child ends with it.") var parent: Int32?

    func run() throws {
        endWithParent()
        guard let chosenLevel = ConformanceLevel(rawValue: level) else { throw ValidationError("unknown level") }
        let checks = try check.split(separator: ",").map { id in
            guard let found = Check.named(String(id)) else { throw ValidationError("unknown check \(id)") }
            return found
        }
        let seedList = try SeedList(seeds)
        let recipe = try ToolImplementations.registry.recipe(named: impl, policy: policy)
        let items = ConformChildProtocol.items(checks: checks, seeds: seedList.seeds)
        for index in items.indices.dropFirst(skip) {
            let item = items[index]
            Self.say(.starting(index: index))
            var configuration = ConformanceConfiguration(
                level: chosenLevel, seed: item.seed, checks: [item.check],
                timeBound: timeBound.map { .milliseconds(Int64($0 * 1_000)) })
            configuration.heartbeat = ConformanceHeartbeat { Self.say(.progress(index: index)) }
            Self.say(.outcome(index: index, runOne(item.check, recipe, configuration)))
        }
    }

    private func runOne(_ check: Check, _ recipe: some QueueRecipe, _ configuration: ConformanceConfiguration)
        -> CheckOutcome
    {
        ConformanceSuite.run(check, on: recipe, configuration: configuration)
    }

    /// Unbuffered: the parent must have the line before this process can die.
    private static func say(_ line: ConformChildProtocol.Line) {
        FileHandle.standardOutput.write(Data((line.text + "\n").utf8))
    }

    /// No orphans: the kernel kills this child when `conform` dies (Ctrl-C, SIGTERM, even SIGKILL).
    /// Where that is not available, a write to the closed pipe does it at the next outcome.
    private func endWithParent() {
        LiveChildren.endWith(parent: parent, signal: SIGKILL, exitStatus: 3)
    }
}
