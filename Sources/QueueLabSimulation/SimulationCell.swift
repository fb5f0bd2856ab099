import QueueLabBenchmarks
import QueueLabCore
import QueueLabScheduling

/// One simulated cell of a sweep: a workload at a width on a number of cores, under one policy
/// and calibration, and the CSV row it gives.
package struct SimulationCell: Sendable {
    /// The workload with its `width` (when it has one) and `seed` (when it has one) set for this cell.
    package let workload: Workload
    /// The scheduling policy's specification, as `SchedulingPolicies.parse` reads it; the row's
    /// policy column.
    package let policySpecification: String
    /// The queue's width (`maxConcurrentOperationCount`) in this cell; at least 1.
    package let width: Int
    /// Simulated cores the queue's workers share; at least 1.
    package let cores: Int
    /// The seed of the cell's draws and of the machine's stalls: the one given, else the workload's
    /// `seed` parameter (0 when it has none); the row's seed column.
    package let seed: UInt64
    /// Whether the seed is the sweep's (`--seeds`): then the params column leaves it out, so that
    /// a cell's seeds are rows of one cell, and the seed column tells them apart.
    package let seedIsSwept: Bool

    /// `base` at `width`, its seed parameter (if any) replaced by `seed` when one is given.
    package init(base: Workload, policySpecification: String, width: Int, cores: Int, seed: UInt64?) {
        var parameters = base.parameters
        if parameters["width"] != nil { parameters["width"] = width }
        if let seed, parameters["seed"] != nil { parameters["seed"] = Int(truncatingIfNeeded: seed) }
        workload = Workload(kind: base.kind, parameters: parameters, textParameters: base.textParameters)
        self.policySpecification = policySpecification
        self.width = width
        self.cores = cores
        self.seed = seed ?? UInt64(truncatingIfNeeded: parameters["seed"] ?? 0)
        seedIsSwept = seed != nil
    }

    /// The params column: the workload's, with the width added for a kind that has none (chain,
    /// dag, fanout run at the queue's default width in `bench`; here the width is the sweep's), and
    /// without the seed when it is swept.
    package var parameterText: String {
        var pieces = workload.parameterText.split(separator: ";").map(String.init)
        if workload.parameters["width"] == nil { pieces.append("width=\(width)") }
        if seedIsSwept { pieces.removeAll { $0.hasPrefix("seed=") } }
        return pieces.sorted().joined(separator: ";")
    }

    /// Simulates the cell and returns its row (implementation `sim:IMPLEMENTATION`, build_config
    /// `sim:CALIBRATION`, the simulated cores in `cores`) and the wall time of the simulation
    /// proper (not the shape's drawing nor the figures): the simulator's speed.
    package func run(
        policy: any SchedulingPolicy, calibration: SimulationCalibration, metadata: RunMetadata, gitCommit: String
    ) throws -> (record: SampleRecord, simulationNanoseconds: UInt64) {
        let shape = try SimulationShape(workload)
        var simulator = Simulator(shape: shape, calibration: calibration, width: width, cores: cores)
        simulator.stallSeed = seed
        let began = MonotonicClock.now()
        let result = try simulator.run(policy: policy)
        let elapsed = MonotonicClock.now() - began
        let record = SampleRecord(
            timestamp: RunMetadata.timestamp(), variant: "head", gitCommit: gitCommit, host: metadata.host,
            cores: cores, swiftVersion: metadata.swiftVersion, buildConfiguration: "sim:\(calibration.name)",
            allocator: "none", implementation: "sim:\(calibration.implementation)", policy: policySpecification,
            workload: workload.kind.rawValue, parameters: parameterText, seed: seed, round: 0,
            figures: result.figures(
                for: workload, shape: shape, width: width, shareWeights: policy.declaration.shareWeights))
        return (record, elapsed)
    }
}
