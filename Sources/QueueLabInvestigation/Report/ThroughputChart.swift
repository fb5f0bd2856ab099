import Foundation
import QueueLabBenchmarks

/// Throughput per workload: one small panel per workload, a bar per implementation at the median
/// operations per second, whiskers at the median's confidence interval. Each panel has its own
/// linear scale from zero, since workloads differ by three orders of magnitude. With a base run, each
/// implementation gets two bars, base (faded) above head, each with its own whiskers: the change is
/// read against both intervals, not against one run alone.
enum ThroughputChart {
    /// One bar: an implementation in one run.
    struct Bar {
        let implementation: String
        let run: String?
        let interval: MedianInterval
        var label: String { run.map { "\(implementation) \($0)" } ?? implementation }
    }

    static let panelWidth = 430.0
    static let barHeight = 22.0
    static let labelWidth = 124.0

    /// - Parameter base: the base run's cells (empty without `--base`), drawn beside their head cell.
    static func panels(_ cells: [ReportCell], base: [ReportCell] = [], palette: ImplementationPalette) -> [String] {
        let byWorkload = Dictionary(grouping: cells.filter { !$0.values("ops_per_s").isEmpty }, by: \.workloadLabel)
        let baseByKey = Dictionary(base.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let order = cells.map(\.workloadLabel).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return order.compactMap { label in
            guard let group = byWorkload[label] else { return nil }
            let bars = group.sorted { $0.queueLabel < $1.queueLabel }.flatMap { cell -> [Bar] in
                guard let head = cell.interval("ops_per_s") else { return [] }
                guard !base.isEmpty else { return [Bar(implementation: cell.queueLabel, run: nil, interval: head)] }
                let before = baseByKey[cell.key]?.interval("ops_per_s").map {
                    Bar(implementation: cell.queueLabel, run: "base", interval: $0)
                }
                return (before.map { [$0] } ?? []) + [
                    Bar(implementation: cell.queueLabel, run: "head", interval: head)
                ]
            }
            return panel(label, bars, palette: palette)
        }
    }

    static func panel(_ label: String, _ bars: [Bar], palette: ImplementationPalette) -> String {
        let intervals = bars.map { ($0, $0.interval) }
        let top = 34.0
        let height = top + Double(intervals.count) * (barHeight + 8) + 34
        let plotRight = panelWidth - 70
        let scale = ChartScale.linear(upTo: intervals.map(\.1.upper).max() ?? 1, pixels: labelWidth...plotRight)
        let best = intervals.filter { $0.0.run != "base" }.max { $0.1.median < $1.1.median }?.0.implementation
        var svg = SVGCanvas(width: panelWidth, height: height, title: "Throughput, \(label)")
        svg.text(8, 18, label, size: 14, weight: "bold")
        let axisY = height - 28
        for tick in scale.ticks {
            let x = scale.position(tick)
            svg.line(x, top - 4, x, axisY, stroke: "#e3e3e3")
            svg.text(x, axisY + 14, FigureFormat.number(tick), anchor: .middle, size: 10, fill: "#666")
        }
        svg.line(labelWidth, axisY, plotRight, axisY, stroke: "#999")
        svg.text(plotRight, axisY + 26, "operations per second", anchor: .end, size: 10, fill: "#666")
        for (index, (bar, interval)) in intervals.enumerated() {
            let y = top + Double(index) * (barHeight + 8)
            let colour = palette.colour(bar.implementation)
            svg.text(
                labelWidth - 6, y + barHeight * 0.7, bar.label, anchor: .end, size: 12,
                weight: bar.implementation == best && bar.run != "base" ? "bold" : "normal")
            let tooltip =
                "\(bar.label): median \(FigureFormat.number(interval.median)) ops/s, "
                + "interval \(FigureFormat.number(interval.lower)) to \(FigureFormat.number(interval.upper)), \(interval.count) samples"
            svg.rect(
                labelWidth, y, scale.position(interval.median) - labelWidth, barHeight, fill: colour,
                opacity: bar.run == "base" ? 0.4 : 1, tooltip: tooltip)
            let lowX = scale.position(interval.lower)
            let highX = scale.position(interval.upper)
            let middle = y + barHeight / 2
            svg.line(lowX, middle, highX, middle, stroke: "#111", width: 1.5)
            svg.line(lowX, y + 4, lowX, y + barHeight - 4, stroke: "#111", width: 1.5)
            svg.line(highX, y + 4, highX, y + barHeight - 4, stroke: "#111", width: 1.5)
            svg.text(
                Swift.max(highX, scale.position(interval.median)) + 5, middle + 4,
                FigureFormat.number(interval.median) + " (n=\(interval.count))", size: 11)
        }
        return svg.rendered
    }
}
