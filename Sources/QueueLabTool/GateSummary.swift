import Foundation
import QueueLabBenchmarks

/// The one line a reviewer reads: green or red, why, and what the gate could not see. Printed
/// after the verdict tables (bold in markdown), and under GitHub Actions also as a check
/// annotation (`::notice` when green, `::error` when red).
struct GateSummary {
    let status: GateStatus
    let line: String

    /// - Parameters:
    ///   - regressions: the REGRESSION rows of every gated channel, as `queue workload figure ratio`.
    ///   - coverage: what saw each headline row; nil when the wall channel was not compared.
    ///   - gated: the implementations the verdict covers.
    ///   - references: the implementations reported beside, not gated.
    init(
        status: GateStatus, regressions: [String], coverage: GateCoverage?, gated: [String], references: [String],
        instructionsRan: Bool
    ) {
        self.status = status
        var parts: [String] = []
        let rows = coverage?.rows.count ?? 0
        switch status {
        case .noRegression:
            parts.append("green: no regression in \(rows) gated headline rows (\(gated.joined(separator: ", ")))")
        case .regression: parts.append("red: REGRESSION in \(regressions.joined(separator: "; "))")
        case .cannotDetect:
            let blind = coverage?.blind.map { row -> String in
                if case .blind(let wall, _) = row.sight {
                    return "\(row.label) (\(wall.map(Percent.format) ?? "nothing"))"
                }
                return row.label
            }
            parts.append("red (fail closed): rows no channel could see: \((blind ?? []).joined(separator: ", "))")
        case .notEnoughEvidence:
            parts.append("red: no regression, but a comparison is INCONCLUSIVE (--require-evidence)")
        case .notMeasured: parts.append("red: not everything was measured")
        case .badInput, .buildFailed: parts.append("red: \(status == .badInput ? "bad input" : "a build failed")")
        }
        if let coverage, !coverage.covered.isEmpty {
            parts.append(
                "\(coverage.covered.count) below the floor on wall time, covered by instructions "
                    + "(\(coverage.covered.map(\.label).joined(separator: ", ")))")
        }
        if !instructionsRan { parts.append("no instruction channel (valgrind not on PATH): wall time alone") }
        if !references.isEmpty { parts.append("not gated: \(references.joined(separator: ", ")) (reported beside)") }
        line = "QueueLab gate: " + parts.joined(separator: "; ")
    }

    /// For a gate that stopped before its verdict.
    init(failure: GateFailure) {
        status = failure.status
        line = "QueueLab gate: red: \(failure.description)"
    }

    var isGreen: Bool { status == .noRegression }

    /// The line in the verdict's format, and the annotation when running under GitHub Actions.
    func print(format: String) {
        Swift.print(format == "markdown" ? "\n**\(line)**" : "\n\(line)")
        if ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" {
            // An annotation is one line; `%`, CR and LF are escaped as the runner expects.
            let escaped = line.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
            Swift.print("::\(isGreen ? "notice" : "error") title=QueueLab gate::\(escaped)")
        }
    }
}
