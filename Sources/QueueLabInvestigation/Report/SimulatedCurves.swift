import Foundation
import QueueLabBenchmarks

/// Simulated rows (implementation `sim:IMPL`, from `queuelab simulate`) of one workload, one curve
/// per policy: the workload's headline figure against the width, with the measured rows of `IMPL`
/// on the same workload and policy as points over them. What the report's strategies view draws,
/// and what "which policy is best at width 16" is read from.
package struct SimulatedCurves: Sendable {
    /// The implementation the calibration was measured on (`lock` for `sim:lock`).
    package let implementation: String
    package let workload: String
    /// The workload's parameters without `width` and `seed`: what a curve's points share.
    package let parameters: String
    package let headline: Headline
    package let curves: [Curve]

    /// One policy: the simulated figure at each width (median over the cell's seeds), and the
    /// measured one where the file has it (median over samples).
    package struct Curve: Sendable {
        package let policy: String
        package let simulated: [Point]
        package let measured: [Point]
    }

    package struct Point: Sendable, Equatable {
        package let width: Int
        package let value: Double
        package let samples: Int
    }

    /// The figure a workload is read by, which way is better, and how close simulation and
    /// measurement must be: the accuracy SimulationModel states for the workload, 10 % where it
    /// states none.
    package struct Headline: Sendable, Equatable {
        package let column: String
        package let lowerIsBetter: Bool
        package let target: Double
        /// Whether `target` is one SimulationModel states (else the report's own 10 %).
        package let targetIsStated: Bool

        package static func of(workload: String) -> Headline {
            switch workload {
            case "makespan":
                Headline(column: "makespan_over_bound", lowerIsBetter: true, target: 0.05, targetIsStated: true)
            case "inversion":
                Headline(column: "inversion_p99_ns", lowerIsBetter: true, target: 0.20, targetIsStated: true)
            case "overload":
                Headline(column: "prio_verylow_e2s_max_ns", lowerIsBetter: true, target: 0.20, targetIsStated: true)
            case "open": Headline(column: "a2s_mean_ns", lowerIsBetter: true, target: 0.05, targetIsStated: true)
            case "replay": Headline(column: "e2s_p99_ns", lowerIsBetter: true, target: 0.10, targetIsStated: false)
            default: Headline(column: "ops_per_s", lowerIsBetter: false, target: 0.10, targetIsStated: false)
            }
        }

        /// `makespan / bound`, `inversion p99`: the figure as a chart's axis names it.
        package var label: String {
            switch column {
            case "makespan_over_bound": "makespan / lower bound"
            case "inversion_p99_ns": "veryHigh add-to-start p99 (inversion)"
            case "prio_verylow_e2s_max_ns": "lowest class's longest wait"
            case "a2s_mean_ns": "mean wait, arrival to start"
            case "e2s_p99_ns": "add-to-start p99"
            default: "operations per second"
            }
        }

        package func format(_ value: Double) -> String {
            column == "makespan_over_bound" ? FigureFormat.ratio(value) : FigureFormat.value(value, column: column)
        }
    }

    static let simulatedPrefix = "sim:"

    /// Every simulated workload of `records` with at least one simulated width, in the order of
    /// implementation, workload and parameters.
    package static func all(_ records: [SampleRecord]) -> [SimulatedCurves] {
        let simulated = records.filter { $0.implementation.hasPrefix(simulatedPrefix) }
        let groups = Dictionary(grouping: simulated) { record in
            "\(record.implementation)|\(record.workload)|\(strippedParameters(record.parameters))"
        }
        return groups.keys.sorted().map { key in
            let group = groups[key]!
            let first = group[0]
            let implementation = String(first.implementation.dropFirst(simulatedPrefix.count))
            let parameters = strippedParameters(first.parameters)
            let headline = Headline.of(workload: first.workload)
            let measuredRows = records.filter {
                $0.implementation == implementation && $0.workload == first.workload
                    && strippedParameters($0.parameters) == parameters
            }
            let policies = Array(Set(group.map(\.policy))).sorted()
            let curves = policies.map { policy in
                Curve(
                    policy: policy,
                    simulated: points(group.filter { $0.policy == policy }, headline.column),
                    measured: points(measuredRows.filter { samePolicy($0.policy, policy) }, headline.column))
            }
            return SimulatedCurves(
                implementation: implementation, workload: first.workload, parameters: parameters, headline: headline,
                curves: curves)
        }
    }

    /// `makespan n=2000`: the workload as a heading names it.
    package var workloadLabel: String {
        parameters.isEmpty ? workload : "\(workload) \(parameters.replacingOccurrences(of: ";", with: " "))"
    }

    /// Every width any curve was simulated at, ascending.
    package var widths: [Int] { Array(Set(curves.flatMap { $0.simulated.map(\.width) })).sorted() }

    /// A measured row made without `--policy` ran its queue's default, which for QueueLab's
    /// policy-taking queues is `strict` (as `SampleRecord.policy` says).
    static func samePolicy(_ measured: String, _ simulated: String) -> Bool {
        measured == simulated || (measured.isEmpty && simulated == "strict")
    }

    static func strippedParameters(_ parameters: String) -> String {
        parameters.split(separator: ";").filter { !$0.hasPrefix("width=") && !$0.hasPrefix("seed=") }
            .joined(separator: ";")
    }

    /// The width a row ran at: its `width` parameter, else (kinds that run at the queue's default
    /// width) its cores.
    static func width(of record: SampleRecord) -> Int {
        if let value = SampleRecord.parameterText("width", in: record.parameters).flatMap({ Int($0) }), value > 0 {
            return value
        }
        return record.cores
    }

    static func points(_ rows: [SampleRecord], _ column: String) -> [Point] {
        let byWidth = Dictionary(grouping: rows, by: width(of:))
        return byWidth.keys.sorted().compactMap { width in
            let values = byWidth[width]!.compactMap { $0.figures[column] }.filter(\.isFinite)
            return values.isEmpty ? nil : Point(width: width, value: Median.of(values), samples: values.count)
        }
    }
}
