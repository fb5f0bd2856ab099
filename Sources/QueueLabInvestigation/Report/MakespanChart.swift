import QueueLabBenchmarks

/// The strategies view's makespan chart: one bar per policy, its median makespan over the lower
/// bound, with a line at 1 (no schedule is faster) so the distance from the limit shows at a glance.
enum MakespanChart {
    static func svg(_ table: StrategyTable) -> String {
        let rows = table.rows.compactMap { row in row.makespan.map { (row.policy, $0) } }
        guard !rows.isEmpty else { return "" }
        let labelWidth = 220.0
        let plotWidth = 360.0
        let barHeight = 18.0
        let top = 24.0
        let height = top + Double(rows.count) * (barHeight + 8) + 24
        // At least up to 1.5 (Graham's bound at width 2), so small differences do not look large.
        let highest = Swift.max(1.5, rows.map(\.1.worstOverBound).max() ?? 1)
        func x(_ ratio: Double) -> Double { labelWidth + plotWidth * ratio / highest }
        var canvas = SVGCanvas(
            width: labelWidth + plotWidth + 60, height: height,
            title: "\(table.implementation): makespan over its lower bound per policy")
        canvas.text(labelWidth, 14, "makespan / lower bound (median; tick: worst sample)", size: 11)
        for (index, (policy, figures)) in rows.enumerated() {
            let y = top + Double(index) * (barHeight + 8)
            canvas.text(labelWidth - 8, y + barHeight - 4, policy, anchor: .end, size: 11)
            canvas.rect(
                labelWidth, y, x(figures.overBound) - labelWidth, barHeight, fill: "#0072B2",
                tooltip: "\(policy): \(figures.overBound) (worst \(figures.worstOverBound))")
            canvas.line(
                x(figures.worstOverBound), y, x(figures.worstOverBound), y + barHeight, stroke: "#D55E00", width: 2)
            canvas.text(
                x(figures.worstOverBound) + 6, y + barHeight - 4, FigureFormat.ratio(figures.overBound), size: 11)
        }
        let bottom = top + Double(rows.count) * (barHeight + 8)
        canvas.line(x(1), top - 4, x(1), bottom, stroke: "#222", width: 1, dash: "4 3")
        canvas.text(x(1), bottom + 14, "1 = bound", anchor: .middle, size: 10)
        return canvas.rendered + "\n"
    }
}
