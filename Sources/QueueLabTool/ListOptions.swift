import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabScheduling

/// `--impl`: implementations by name (see `list`).
struct ImplementationOptions: ParsableArguments {
    @Option(
        name: .customLong("impl"),
        help: ArgumentHelp(
            "Implementations (see list), comma-separated or repeated. bench, conform and gate run several (their defaults open their descriptions); trace takes exactly one, explain one, or two to compare.",
            valueName: "name,..."))
    var values: [String] = []

    var names: [String] { CommaList.names(values) }

    mutating func validate() throws { try CommaList.requireSome("--impl", given: values, parsed: names) }
}

/// `--policy`: scheduling policies, each a cell of the queues that take one.
struct PolicyOptions: ParsableArguments {
    @Option(
        name: .customLong("policy"),
        help: ArgumentHelp(
            "Scheduling policies, comma-separated or repeated: \(SchedulingPolicies.names.joined(separator: ", ")) and the tool's own (list --policies), with parameters as aging:step=1ms or weighted:weights=1:2:4:8:16. A comma starts a new policy unless a key=value follows it. Each runs as its own cell of the implementations that take a policy; naming one that does not (foundation, dispatch) is exit 2.",
            valueName: "policy,..."))
    var values: [String] = []

    /// As typed, one policy each (not yet checked against the registry).
    var specifications: [String] { values.flatMap(SchedulingPolicies.splitList) }

    mutating func validate() throws { try CommaList.requireSome("--policy", given: values, parsed: specifications) }
}

/// `--workload`: workloads as `kind` or `kind:key=value;key=value`.
struct WorkloadOptions: ParsableArguments {
    @Option(name: .customLong("workload"), help: help(kinds: WorkloadKind.allCases))
    var values: [String] = []

    /// The option's help, naming the kinds the command can run.
    static func help(kinds: [WorkloadKind]) -> ArgumentHelp {
        ArgumentHelp(
            "Workloads, comma-separated or repeated: kind or kind:key=value;key=value (kinds: \(kinds.map(\.rawValue).joined(separator: ", "))). A comma starts a new workload only before a kind's name, so commas inside parameters (service=bimodal:5us,500us,0.01) stay.",
            valueName: "workload,...")
    }

    var specifications: [String] { values.flatMap(WorkloadList.split) }

    mutating func validate() throws {
        try CommaList.requireSome("--workload", given: values, parsed: specifications)
    }
}

/// `--check`: conformance checks by ID or family.
struct CheckOptions: ParsableArguments {
    @Option(
        name: .customLong("check"),
        help: ArgumentHelp(
            "Check IDs or families such as cycle, comma-separated or repeated (default: all; conform --list-checks).",
            valueName: "check,..."))
    var values: [String] = []

    var selectors: [String] { CommaList.names(values) }

    mutating func validate() throws { try CommaList.requireSome("--check", given: values, parsed: selectors) }
}

/// `--figure`: figure columns of a benchmark CSV to judge.
struct FigureOptions: ParsableArguments {
    @Option(
        name: .customLong("figure"),
        help: ArgumentHelp(
            "Figure columns to judge, comma-separated or repeated (default: \(Figure.judgedByDefault.joined(separator: ", "))).",
            valueName: "column,..."))
    var values: [String] = []

    var columns: [String] { CommaList.names(values) }

    mutating func validate() throws {
        try CommaList.requireSome("--figure", given: values, parsed: columns)
        if let unknown = columns.first(where: { Figure.byColumn[$0] == nil }) {
            throw ValidationError(
                "--figure '\(unknown)' is no figure; valid: \(Figure.all.map(\.column).joined(separator: ", "))")
        }
    }
}
