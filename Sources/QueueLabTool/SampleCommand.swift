import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabRegistry

/// The hidden child of `queuelab bench`: runs one sample in this fresh process and prints one JSON line.
struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: SampleProtocol.subcommand,
        abstract: "Run one benchmark sample and print its figures as one JSON line (used by bench).",
        shouldDisplay: false
    )

    @Option(name: .customLong("impl"), help: "Implementation name.")
    var implementation: String

    @Option(help: "Scheduling policy specification, e.g. aging:step=1ms (implementations that take one).")
    var policy: String?

    @Option(help: "Workload, e.g. noop:n=1000;width=1.")
    var workload: String

    @Option(help: "Record the latency of one operation in this many.")
    var latencyEvery = SampleRunner.defaultLatencyEvery

    @Option(help: "Seconds the queue may take to drain before the sample reports a stall.")
    var drainTimeout = 60

    @Option(help: "Timed phases after the warm-up, at least 1; the median is reported.")
    var repetitions = 1

    func run() throws {
        let response: SampleProtocol.Response
        do {
            // bench checks the knob too; a sample run by hand, or by a bench of another build, must
            // not run uninjected without a word.
            let environment = ProcessInfo.processInfo.environment
            if let problem = FaultInjectionKnob.problem(in: environment, spentByThisBuild: true) {
                throw ValidationError(problem)
            }
            guard repetitions >= 1 else { throw ValidationError("--repetitions must be at least 1") }
            let parsed = try Workload(parsing: workload)
            let recipe = try ToolImplementations.registry.recipe(named: implementation, policy: policy)
            response = SampleProtocol.respond(
                recipe: recipe, workload: parsed, latencyEvery: latencyEvery, drainTimeout: drainTimeout,
                repetitions: repetitions)
        } catch {
            response = SampleProtocol.Response(error: "\(error)")
        }
        print(response.jsonLine())
        if response.error != nil { throw ExitCode(1) }
    }
}
