import Foundation
import QueueLabBenchmarks

/// The strategies view's simulated part: per simulated workload, its curves with the measured
/// points, what the checks against measurement say, and the best policy at each width with its
/// margin (HTML for the report, Markdown for `report --markdown`).
enum SimulatedCurvesSection {
    static let intro =
        "Simulated rows (implementation sim:IMPL, from queuelab simulate) drawn against width, one line per policy, with IMPL's measured rows on the same workload and policy as ringed dots. "
        + "Beside each chart: where simulation and measurement disagree by more than the target, in words, and from which width on the curves are simulated only. "
        + "The table gives the best policy at each width by the simulated figure, and how much worse the next policy is."

    static func html(_ all: [SimulatedCurves]) -> String {
        guard !all.isEmpty else { return "" }
        var html = "<h3>Simulated, against width</h3>\n<p class=\"intro\">\(HTMLText.escape(intro))</p>\n"
        for curves in all {
            html += "<h4>sim:\(HTMLText.escape(curves.implementation)): \(HTMLText.escape(curves.workloadLabel))</h4>\n"
            html += "<div class=\"simulated\">" + SimulatedCurveChart.svg(curves)
            html += "<ul class=\"readings\">" + curves.readings.map { "<li>\(HTMLText.escape($0))</li>" }.joined()
            html += "</ul></div>\n"
            html += StrategiesSection.htmlTable(bestRows(curves))
        }
        return html
    }

    static func markdown(_ all: [SimulatedCurves]) -> String {
        guard !all.isEmpty else { return "" }
        var out = ["## Simulated, against width", "", intro]
        for curves in all {
            out += ["", "### sim:\(curves.implementation): \(curves.workloadLabel)", ""]
            out += curves.readings.map { "- \($0)" }
            out += ["", FigureFormat.markdown(bestRows(curves))]
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Width, best policy (ties together), its figure, the runner-up and how much worse it is.
    static func bestRows(_ curves: SimulatedCurves) -> [[String]] {
        let measuredWidths = Set(curves.checks.map(\.width))
        var rows = [["width", "best policy", curves.headline.label, "next best", "next is worse by", "checked"]]
        for best in curves.best {
            rows.append([
                "\(best.width)", best.policies.joined(separator: ", ") + (best.policies.count > 1 ? " (tied)" : ""),
                curves.headline.format(best.value), best.runnerUp ?? "-",
                best.margin.map { String(format: "%.1f %%", $0 * 100) } ?? "-",
                measuredWidths.contains(best.width) ? "measured here" : "simulated only",
            ])
        }
        return rows
    }
}
