import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabRecorder
import QueueLabRegistry
import QueueLabScheduling
import QueueLabSimulation

extension SimulateCommand {
    /// Every cell of the sweep, with its policy made, and the calibration: all checked before the
    /// first cell runs.
    struct Plan {
        var calibration: SimulationCalibration
        var cells: [(cell: SimulationCell, policy: any SchedulingPolicy, round: Int)]
        /// What the replayed recordings lost (a record cut off by a crash, events the recorder
        /// dropped, dependencies left out), said before anything runs, as bench says it.
        var warnings: [String] = []
    }

    static let widthRange = WidthList.range

    func checkedPlan(registry: ImplementationRegistry = ToolImplementations.registry) throws -> Plan {
        let widths = try checkedWidths()
        if let cores { try CountOption.check("--cores", cores, Self.widthRange) }
        try CountOption.check("--validation-samples", validationSamples, 1...1_000)
        if keepCalibrationStalls && !validate { throw ValidationError("--keep-calibration-stalls is for --validate") }
        // Every error thrown here is bad input: `run()` prints its description as one line, exit 2.
        let seedList: [UInt64?] = try seeds.map { try SeedList($0).seeds.map(Optional.some) } ?? [nil]
        let calibration = try checkedCalibration()
        if validate {
            // --validate measures the calibration's implementation: it must be one this tool runs,
            // known now rather than after the simulation.
            do {
                _ = try registry.named(calibration.implementation)
            } catch {
                throw ValidationError("--validate: the calibration's implementation: \(error.description)")
            }
        }
        let specifications = workloadOptions.specifications.isEmpty ? ["makespan"] : workloadOptions.specifications
        let workloads = try specifications.map { text throws -> Workload in
            let workload = try Workload(parsing: text)
            if let refusal = SimulationShape.refusal(workload.kind) { throw ValidationError(refusal) }
            // A recording is read now, so that a missing, damaged or unsimulable one stops the run
            // before any cell of it runs, as bench's does.
            if workload.kind == .replay {
                do {
                    _ = try SimulationShape(workload)
                } catch {
                    throw ValidationError("\(error)")
                }
            }
            return workload
        }
        let named = try registry.policySpecifications(
            policyOptions.specifications.isEmpty ? ["strict"] : policyOptions.specifications)
        var cells: [(cell: SimulationCell, policy: any SchedulingPolicy, round: Int)] = []
        for workload in workloads {
            for specification in named {
                for width in widths {
                    for (round, seed) in seedList.enumerated() {
                        let policy = try SchedulingPolicies.parse(specification, among: registry.policies)
                        let cell = SimulationCell(
                            base: workload, policySpecification: specification, width: width,
                            cores: cores ?? width, seed: seed)
                        cells.append((cell, policy, round))
                    }
                }
            }
        }
        return Plan(calibration: calibration, cells: cells, warnings: ReplayWarning.lines(workloads))
    }

    func checkedWidths() throws -> [Int] { try WidthList.parse(width) }

    func checkedCalibration() throws -> SimulationCalibration {
        guard let calibration else { return .sampleLockVM2 }
        let data: Data
        switch BoundedFile.contents(of: calibration, limit: SimulationCalibration.largestFile) {
        case .success(let bytes): data = bytes
        case .failure(let error): throw ValidationError("--calibration \(calibration): \(error)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ValidationError("--calibration \(calibration): not UTF-8 text")
        }
        do {
            return try SimulationCalibration(parsing: text)
        } catch {
            throw ValidationError("--calibration \(calibration): \(error.description)")
        }
    }
}
