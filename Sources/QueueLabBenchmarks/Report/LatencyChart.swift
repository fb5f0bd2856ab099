import Foundation

/// Latency percentile curves per workload: p50, p90, p99, p99.9 and max of "enqueue to finish" on a
/// log scale, one line per implementation (the median over samples of each percentile).
enum LatencyChart {
    static let percentiles: [(label: String, column: String)] = [
        ("p50", "p50"), ("p90", "p90"), ("p99", "p99"), ("p99.9", "p999"), ("max", "max"),
    ]
    static let panelWidth = 430.0
    static let panelHeight = 250.0

    static func column(_ kind: String, _ percentile: String) -> String { "\(kind)_\(percentile)_ns" }

    static func panels(_ cells: [ReportCell], kind: String = "e2f", palette: ImplementationPalette) -> [String] {
        let withLatency = cells.filter { !$0.values(column(kind, "p50")).isEmpty }
        let byWorkload = Dictionary(grouping: withLatency, by: \.workloadLabel)
        let order = withLatency.map(\.workloadLabel).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return order.map { label in
            panel(
                label, byWorkload[label]!.sorted { $0.implementation < $1.implementation }, kind: kind, palette: palette
            )
        }
    }

    static func panel(_ label: String, _ cells: [ReportCell], kind: String, palette: ImplementationPalette) -> String {
        let curves: [(ReportCell, [Double?])] = cells.map { cell in
            (
                cell,
                percentiles.map { percentile in
                    let values = cell.values(column(kind, percentile.column))
                    return values.isEmpty ? nil : Median.of(values)
                }
            )
        }
        let left = 64.0
        let right = panelWidth - 16
        let top = 30.0
        let bottom = panelHeight - 54
        let scale = ChartScale.logarithmic(
            covering: curves.flatMap { $0.1.compactMap { $0 } }, pixels: top...bottom, reversed: true)
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
        for (offset, (cell, values)) in curves.enumerated() {
            let colour = palette.colour(cell.implementation)
            var points: [(Double, Double)] = []
            for (index, value) in values.enumerated() {
                guard let value else { continue }
                let point = (left + Double(index) * step, scale.position(value))
                points.append(point)
                svg.circle(
                    point.0, point.1, radius: 3.5, fill: colour,
                    tooltip: "\(cell.implementation) \(percentiles[index].label): \(FigureFormat.time(value / 1e9))")
            }
            svg.polyline(points, stroke: colour)
            // Legend, in the panel so it stays with its chart.
            let legendX = left + 8 + Double(offset) * 92
            svg.rect(legendX, panelHeight - 14, 12, 4, fill: colour)
            svg.text(legendX + 16, panelHeight - 9, cell.implementation, size: 11)
        }
        return svg.rendered
    }
}
