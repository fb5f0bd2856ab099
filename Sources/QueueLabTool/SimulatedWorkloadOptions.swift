import ArgumentParser
import QueueLabBenchmarks
import QueueLabSimulation

/// `simulate --workload`: parsed as everywhere (``WorkloadOptions``), its help naming only the
/// kinds the simulator can express.
struct SimulatedWorkloadOptions: ParsableArguments {
    @Option(name: .customLong("workload"), help: WorkloadOptions.help(kinds: SimulationShape.simulatedKinds))
    var values: [String] = []

    var specifications: [String] { values.flatMap(WorkloadList.split) }

    mutating func validate() throws {
        try CommaList.requireSome("--workload", given: values, parsed: specifications)
    }
}
