import Foundation
import QueueLabBenchmarks

/// Latency percentile curves per workload: p50, p90, p99, p99.9 and max of "enqueue to finish" on a
/// log scale, one line per implementation (the median over samples of each percentile, with the 95%
/// interval of that median as a vertical whisker). With a base run, the base curve of each
/// implementation is drawn dashed beside its head curve, in the same colour.
enum LatencyChart {
    /// One curve: an implementation in one run.
    struct Curve {
        let cell: ReportCell
        let run: String?
        var label: String { run.map { "\(cell.queueLabel) \($0)" } ?? cell.queueLabel }
    }

    static let percentiles: [(label: String, column: String)] = [
        ("p50", "p50"), ("p90", "p90"), ("p99", "p99"), ("p99.9", "p999"), ("max", "max"),
    ]
    static let panelWidth = 430.0
    static let panelHeight = 250.0

    static func column(_ kind: String, _ percentile: String) -> String { "\(kind)_\(percentile)_ns" }

    /// - Parameter base: the base run's cells (empty without `--base`), drawn dashed beside their head cell.
    static func panels(
        _ cells: [ReportCell], base: [ReportCell] = [], kind: String = "e2f", palette: ImplementationPalette
    ) -> [String] {
        let withLatency = cells.filter { !$0.values(column(kind, "p50")).isEmpty }
        let byWorkload = Dictionary(grouping: withLatency, by: \.workloadLabel)
        let baseByKey = Dictionary(base.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let order = withLatency.map(\.workloadLabel).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return order.map { label in
            let curves = byWorkload[label]!.sorted { $0.queueLabel < $1.queueLabel }.flatMap {
                cell -> [Curve] in
                guard !base.isEmpty else { return [Curve(cell: cell, run: nil)] }
                let before = baseByKey[cell.key].map { [Curve(cell: $0, run: "base")] } ?? []
                return before + [Curve(cell: cell, run: "head")]
            }
            return panel(label, curves, kind: kind, palette: palette)
        }
    }

    static func panel(_ label: String, _ lines: [Curve], kind: String, palette: ImplementationPalette) -> String {
        let curves: [(Curve, [MedianInterval?])] = lines.map { curve in
            (curve, percentiles.map { MedianInterval(curve.cell.values(column(kind, $0.column))) })
        }
        let left = 64.0
        let right = panelWidth - 16
        let top = 30.0
        // Four legend entries a row; extra rows take room from the plot.
        let legendRows = Swift.max(1, (curves.count + 3) / 4)
        let bottom = panelHeight - 54 - Double(legendRows - 1) * 12
        let scale = ChartScale.logarithmic(
            covering: curves.flatMap { $0.1.compactMap { $0 }.flatMap { [$0.lower, $0.upper] } }, pixels: top...bottom,
            reversed: true)
        let step = (right - left) / Double(percentiles.count - 1)
        var svg = SVGCanvas(width: panelWidth, height: panelHeight, title: "Latency percentiles, \(label)")
        svg.text(8, 18, label, size: 14, weight: "bold")
        for tick in scale.ticks {
            let y = scale.position(tick)
            svg.line(left, y, right, y, stroke: "#e3e3e3")
            svg.text(left - 6, y + 4, FigureFormat.time(tick / 1e9), anchor: .end, size: 10, fill: "#666")
        }
        for (index, percentile) in percentiles.enumerated() {
            let x = left + Double(index) * step
            svg.line(x, top, x, bottom, stroke: "#f0f0f0")
            svg.text(x, bottom + 16, percentile.label, anchor: .middle, size: 11, fill: "#444")
        }
        svg.line(left, bottom, right, bottom, stroke: "#999")
        svg.text(
            left, bottom + 34, "percentile of enqueue-to-finish latency (log scale; lower is better)", size: 10,
            fill: "#666")
        for (offset, (curve, values)) in curves.enumerated() {
            let colour = palette.colour(curve.cell.queueLabel)
            // Base and head of one implementation side by side, not on top of each other.
            let nudge = curve.run == "base" ? -3.0 : (curve.run == "head" ? 3.0 : 0)
            var points: [(Double, Double)] = []
            for (index, interval) in values.enumerated() {
                guard let interval else { continue }
                let x = left + Double(index) * step + nudge
                let point = (x, scale.position(interval.median))
                points.append(point)
                svg.line(x, scale.position(interval.lower), x, scale.position(interval.upper), stroke: colour)
                svg.circle(
                    point.0, point.1, radius: 3.5, fill: colour,
                    tooltip:
                        "\(curve.label) \(percentiles[index].label): \(FigureFormat.time(interval.median / 1e9)) "
                        + "(interval \(FigureFormat.time(interval.lower / 1e9)) to \(FigureFormat.time(interval.upper / 1e9)))"
                )
            }
            let dash = curve.run == "base" ? "5 3" : nil
            svg.polyline(points, stroke: colour, dash: dash)
            // Legend, in the panel so it stays with its chart.
            let legendX = left + 8 + Double(offset % 4) * 92
            let legendY = panelHeight - 2 - Double(legendRows - offset / 4) * 12
            svg.line(legendX, legendY + 2, legendX + 12, legendY + 2, stroke: colour, width: 3, dash: dash)
            svg.text(legendX + 16, legendY + 5, curve.label, size: 11)
        }
        return svg.rendered
    }
}
