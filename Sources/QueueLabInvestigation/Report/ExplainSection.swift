/// The report's `explain` section: for one traced run, or two side by side, where the time went
/// (``RunExplanation``): the headline figures, each queue's utilisation over time, the critical path
/// drawn link by link, and the phase split per priority and per queue; with two runs, the comparison
/// table (B/A) under them.
enum ExplainSection {
    static let title = "Where the time went (explain)"

    static let intro =
        "Each operation's life, from entering the queue's add call to finished, split into phases that add up to it "
        + "(<code>queuelab explain</code>; the colours below). The utilisation timeline shows the width in use over time "
        + "(blue), slot-time free while work was ready (capacity lost, vermillion) and free while an add call was in "
        + "progress with nothing ready (lost to the add path, purple); the dashed line is the width. The critical path "
        + "is the chain of operations and waits that ended at the last finish, each link split into its phases "
        + "(hover a block for its operation). The bars per class split each priority's and each queue's time by phase."

    /// The section's content (without its heading): one column per run, then the comparison.
    static func html(_ explanations: [RunExplanation]) -> String {
        guard !explanations.isEmpty else { return "<p>No traced run given.</p>" }
        var html = legend()
        let labels = explanations.count == 2 ? ["A: ", "B: "] : [""]
        html += "<div class=\"explain-runs\">"
        for (run, label) in zip(explanations, labels) { html += column(run, label: label) }
        html += "</div>"
        if explanations.count == 2 { html += comparison(ExplanationComparison(explanations[0], explanations[1])) }
        return html
    }

    static func legend() -> String {
        let items = ExplainPhase.allCases.map { phase in
            "<span class=\"swatch\" style=\"background:\(ExplainCharts.colour(phase.rawValue))\"></span>"
                + "<span title=\"\(HTMLText.escape(phase.meaning))\">\(phase.rawValue)</span>"
        }
        let arrival =
            "<span class=\"swatch\" style=\"background:\(ExplainCharts.colour(CriticalPath.arrival))\"></span>"
            + "arrival (not yet added)"
        return "<p class=\"legend\">" + (items + [arrival]).joined(separator: " &nbsp; ") + "</p>\n"
    }

    /// One run: headline list, then its drawings.
    static func column(_ run: RunExplanation, label: String) -> String {
        let name = label + (run.title.isEmpty ? "traced run" : run.title)
        var html = "<div class=\"explain-run\"><h3>\(HTMLText.escape(name))</h3>\n<ul class=\"readings\">"
        let lostToAdds = run.addPath.capacityLostNanoseconds
        let readings = [
            "\(run.operations) operations explained, \(run.bodiesStamped) bodies stamped"
                + (run.unfinished > 0 ? ", \(run.unfinished) unfinished left out" : ""),
            ExplainText.pathSentence(run.criticalPath),
            "capacity lost: \(ExplainText.duration(run.capacityLostNanoseconds)) free while work was ready, "
                + "\(ExplainText.duration(lostToAdds)) free while an add call was in progress; queue overhead per "
                + "operation \(ExplainText.duration(run.overheadPerOperationNanoseconds))",
            run.addPath.sentence,
        ]
        html += readings.map { "<li>\(HTMLText.escape($0))</li>" }.joined()
        html += "</ul>\n"
        for queue in run.utilisation {
            html += "<figure>\(ExplainCharts.utilisation(queue, makespan: run.makespanNanoseconds))</figure>\n"
        }
        html += "<figure>\(ExplainCharts.criticalPath(run.criticalPath))</figure>\n"
        let classes =
            run.byPriority.map { (title: "priority", summary: $0) } + run.byQueue.map { (title: "queue", summary: $0) }
        html += "<figure>\(ExplainCharts.phaseSplit(classes))</figure>\n"
        html += phaseTable(run)
        return html + "</div>\n"
    }

    /// The run's phase totals, as the text report's first table.
    static func phaseTable(_ run: RunExplanation) -> String {
        let total = run.phases.values.reduce(0, +)
        var html = "<table class=\"comparison\"><tr><th>phase</th><th>total</th><th>share</th><th>what it is</th></tr>"
        for phase in ExplainPhase.allCases {
            let value = run.phase(phase)
            html +=
                "<tr><td><span class=\"swatch\" style=\"background:\(ExplainCharts.colour(phase.rawValue))\"></span>"
                + "\(phase.rawValue)</td><td class=\"num\">\(ExplainText.duration(value))</td>"
                + "<td class=\"num\">\(ExplainText.percent(value, of: total))</td>"
                + "<td>\(HTMLText.escape(phase.meaning))</td></tr>"
        }
        return html + "</table>\n"
    }

    /// A, B and B/A per figure, as `explain` prints them for two runs.
    static func comparison(_ comparison: ExplanationComparison) -> String {
        var html =
            "<h3>A and B side by side</h3><table class=\"comparison\"><tr><th>figure</th><th>A</th><th>B</th><th>B/A</th></tr>"
        for row in ExplanationComparison.rows(comparison.a, comparison.b) {
            let show: (Double) -> String = { row.time ? ExplainText.duration($0) : String(Int($0)) }
            let ratio = row.a == 0 ? "-" : ExplainText.significant(row.b / row.a)
            html +=
                "<tr><td>\(HTMLText.escape(row.key))</td><td class=\"num\">\(show(row.a))</td>"
                + "<td class=\"num\">\(show(row.b))</td><td class=\"num\">\(ratio)</td></tr>"
        }
        return html + "</table>\n"
    }
}
