import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabRegistry

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract:
            "Run one workload on one implementation and write its state changes as a Chrome trace (Perfetto, chrome://tracing).",
        discussion: """
            The JSON is in the Chrome Trace Event format: a lane per thread, a slice per operation from \
            start to finish (its name, priority and queue wait in the slice's arguments), dependencies as \
            flow arrows from a dependency's end to its dependent's start, cancellations as instant events. \
            Open it at ui.perfetto.dev (Open trace file) or chrome://tracing (Load).

            Without parameters a workload runs at trace size (a few hundred operations, e.g. chain n=200); \
            give parameters to change that. Foundation's dependency workloads are capped as in `bench`.

            Examples:
              queuelab trace --impl lock --workload chain --out chain.json
              queuelab trace --impl actor --workload 'fanout:k=8;rounds=3' --out fanout.json
              queuelab trace --impl foundation --workload cancel --out cancel.json
              queuelab trace --impl lock --policy aging:step=2ms --workload priority --out aging.json

            Implementations: see `queuelab list`. Workloads: \(WorkloadKind.allCases.map(\.rawValue).joined(separator: ", ")).
            --policy chooses the scheduling policy of lock or actor (see `queuelab bench --help`); an unknown \
            policy, or one given to foundation or dispatch, is exit 2 with the valid values.
            Exit status: 0 written; 1 the run failed (stall, unsupported workload); 2 bad input.
            """
    )

    @Option(name: .customLong("impl"), help: "Implementation to trace (one of `queuelab list`).")
    var implementation: String

    @Option(
        help: ArgumentHelp(
            "Scheduling policy for lock or actor, e.g. aging:step=2ms (one; see `queuelab bench --help`).",
            valueName: "policy"))
    var policy: String?

    @Option(help: "Workload as kind or kind:key=value;key=value (default parameters: trace size).")
    var workload: String

    @Option(help: "The JSON file to write, e.g. trace.json.")
    var out: String

    @Option(help: "Seconds the queue may take to drain before the run is reported as stalled.")
    var drainTimeout = 60

    func run() throws {
        let recipe: any QueueRecipe
        let parsed: Workload
        do {
            let specifications = try policy.map { try ToolImplementations.registry.policySpecifications([$0]) }
            if let specifications, specifications.count != 1 {
                fail("trace takes one policy, got \(specifications.count): \(specifications.joined(separator: ", "))")
            }
            recipe = try ToolImplementations.registry.recipe(named: implementation, policy: specifications?.first)
        } catch {
            fail("\(error)")
        }
        do {
            parsed = try TraceRun.workload(parsing: workload)
        } catch {
            fail(error.description)
        }
        do {
            let (trace, note) = try TraceRun.record(recipe, workload: parsed, drainTimeout: .seconds(drainTimeout))
            if let note { print("note: \(note)") }
            try trace.json().write(to: URL(fileURLWithPath: out))
            let data = trace.otherData
            print(
                "wrote \(out): \(data["operations"] ?? "?") operations, \(data["threads"] ?? "?") threads, "
                    + "\(data["dependency_arrows"] ?? "0") dependency arrows, \(trace.traceEvents.count) events")
        } catch let error as SampleError {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        } catch {
            fail("cannot write \(out): \(error.localizedDescription)")
        }
    }

    /// Bad input: one line on standard error, exit status 2.
    func fail(_ message: String) -> Never {
        exitBadInput(message)
    }
}
