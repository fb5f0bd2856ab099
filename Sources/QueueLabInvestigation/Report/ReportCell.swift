import Foundation
import QueueLabBenchmarks

/// The samples of one implementation on one workload with one set of parameters, and the
/// summaries the report draws from them.
public struct ReportCell: Sendable {
    /// The queue implementation's name, as the samples recorded it (`lock`, `actor`, ...).
    public let implementation: String
    /// The scheduling policy's specification, or empty (see `SampleRecord/policy`).
    public let policy: String
    /// The workload's name (a `WorkloadKind` raw value, or another name the samples used).
    public let workload: String
    /// The workload's parameters as the samples recorded them (`n=100000`, `;`-separated), or empty.
    public let parameters: String
    /// The cell's samples, at least one.
    public let records: [SampleRecord]

    /// `chain n=100000`: what a reader sees as the workload's name.
    public var workloadLabel: String {
        parameters.isEmpty ? workload : "\(workload) \(parameters.replacingOccurrences(of: ";", with: " "))"
    }

    /// `lock` or `lock[aging:step=1ms]`: how charts name the queue.
    public var queueLabel: String { SampleRecord.queueLabel(implementation: implementation, policy: policy) }

    /// Implementation, policy, workload and parameters: what matches a cell of another run.
    var key: String { "\(queueLabel) \(workload) \(parameters)" }

    /// The figure named `column` (`ops_per_s`, ...) of every sample that has it; empty when none does.
    public func values(_ column: String) -> [Double] { records.compactMap { $0.figures[column] } }

    /// The median of figure `column` with its 95 percent ``MedianInterval``; nil when no sample has it.
    public func interval(_ column: String) -> MedianInterval? { MedianInterval(values(column)) }

    /// One parameter as a number (`n` of a chain), if present.
    public func parameter(_ key: String) -> Int? {
        SampleRecord.parameterText(key, in: parameters).flatMap { Int($0) }
    }

    /// Groups records into cells: one per implementation, policy, workload and parameters.
    public static func cells(from records: [SampleRecord]) -> [ReportCell] {
        Dictionary(grouping: records, by: \.cellKey).values.map { group in
            let first = group[0]
            return ReportCell(
                implementation: first.implementation, policy: first.policy, workload: first.workload,
                parameters: first.parameters, records: group)
        }.sorted {
            ($0.workloadOrder, $0.sortableLabel, $0.queueLabel) < ($1.workloadOrder, $1.sortableLabel, $1.queueLabel)
        }
    }

    /// The label with every number zero-padded, so that `chain n=500` sorts before `chain n=2000`.
    var sortableLabel: String {
        var out = ""
        var digits = ""
        for character in workloadLabel + " " {
            if character.isASCII && character.isNumber {
                digits.append(character)
                continue
            }
            if !digits.isEmpty {
                out += String(repeating: "0", count: Swift.max(0, 12 - digits.count)) + digits
                digits = ""
            }
            out.append(character)
        }
        return out
    }

    /// Workloads in the order `WorkloadKind` lists them, unknown ones last.
    var workloadOrder: Int {
        WorkloadKind.allCases.firstIndex { $0.rawValue == workload } ?? WorkloadKind.allCases.count
    }
}

/// Colours per implementation: the Okabe-Ito palette, distinguishable with the common colour-vision
/// deficiencies; assigned in name order so that a name keeps its colour across reports of the same set.
package struct ImplementationPalette: Sendable {
    static let colours = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000", "#F0E442"]
    /// The implementations' names, deduplicated and sorted: a name's index picks its colour.
    package let names: [String]

    /// A palette for `names`, in any order, repeats allowed.
    package init(_ names: some Sequence<String>) {
        self.names = Array(Set(names)).sorted()
    }

    /// The CSS hex colour of `name` (`#0072B2`, ...); grey (`#777777`) for a name not in ``names``.
    package func colour(_ name: String) -> String {
        guard let index = names.firstIndex(of: name) else { return "#777777" }
        return Self.colours[index % Self.colours.count]
    }
}
