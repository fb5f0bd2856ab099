import Foundation
import QueueLabBenchmarks

/// Latency against offered load, one panel per `open` sweep: intended-arrival-to-finish p50
/// (dashed) and p99 (solid) on log scales, one colour per implementation, medians over samples at
/// each rate. Each implementation's saturation point (`SaturationPoint`, from the medians) is a
/// ring on its p99 line with a vertical tick down to the axis.
enum LoadCurveChart {
    static let panelWidth = 560.0
    static let panelHeight = 330.0

    static func panels(_ records: [SampleRecord], palette: ImplementationPalette) -> [String] {
        // The run's own sweeps: a base run's (variant base) would double every line.
        let sweeps = SaturationPoint.sweeps(in: records)
        let byParameters = Dictionary(grouping: sweeps, by: \.parameters)
        return byParameters.keys.sorted().map { panel($0, byParameters[$0]!, palette: palette) }
    }

    static func median(_ records: [SampleRecord], _ column: String) -> Double? {
        let values = records.compactMap { $0.figures[column] }
        // Most samples must have it: latencies are absent where the generator was late.
        return values.count * 2 > records.count ? Median.of(values) : nil
    }

    static func panel(_ parameters: String, _ sweeps: [SaturationPoint.Sweep], palette: ImplementationPalette)
        -> String
    {
        let left = 70.0
        let right = panelWidth - 20
        let top = 34.0
        let bottom = panelHeight - 74
        let rates = sweeps.flatMap(\.rates).map(Double.init)
        let latencies = sweeps.flatMap { sweep in
            sweep.rates.flatMap { rate in
                ["a2f_p50_ns", "a2f_p99_ns"].compactMap { median(sweep.samples[rate]!, $0) }
            }
        }
        let x = ChartScale.logarithmic(covering: rates, pixels: left...right)
        let y = ChartScale.logarithmic(covering: latencies, pixels: top...bottom, reversed: true)
        var svg = SVGCanvas(
            width: panelWidth, height: panelHeight, title: "Latency against offered load, \(parameters)")
        svg.text(8, 18, "open " + parameters.replacingOccurrences(of: ";", with: " "), size: 12, weight: "bold")
        for tick in y.ticks {
            svg.line(left, y.position(tick), right, y.position(tick), stroke: "#e3e3e3")
            svg.text(
                left - 6, y.position(tick) + 4, FigureFormat.time(tick / 1e9), anchor: .end, size: 10, fill: "#666")
        }
        for tick in x.ticks {
            svg.line(x.position(tick), top, x.position(tick), bottom, stroke: "#f0f0f0")
            svg.text(x.position(tick), bottom + 15, FigureFormat.number(tick), anchor: .middle, size: 10, fill: "#666")
        }
        svg.line(left, bottom, right, bottom, stroke: "#999")
        svg.text(
            left, bottom + 32,
            "offered operations per second (log); latency from intended arrival to finish (log): p99 solid, p50 dashed",
            size: 10, fill: "#666")
        for (offset, sweep) in sweeps.sorted(by: { $0.implementation < $1.implementation }).enumerated() {
            let colour = palette.colour(sweep.implementation)
            for (column, dash) in [("a2f_p50_ns", "5 3"), ("a2f_p99_ns", nil)] as [(String, String?)] {
                var points: [(Double, Double)] = []
                for rate in sweep.rates {
                    guard let value = median(sweep.samples[rate]!, column) else { continue }
                    let point = (x.position(Double(rate)), y.position(value))
                    points.append(point)
                    svg.circle(
                        point.0, point.1, radius: 3, fill: colour,
                        tooltip:
                            "\(sweep.implementation) at \(rate)/s: \(column.dropLast(3).replacingOccurrences(of: "_", with: " ")) \(FigureFormat.time(value / 1e9)) (median of \(sweep.samples[rate]!.count))"
                    )
                }
                svg.polyline(points, stroke: colour, dash: dash)
            }
            if let saturation = sweep.medianSaturation, let p99 = median(sweep.samples[saturation]!, "a2f_p99_ns") {
                let point = (x.position(Double(saturation)), y.position(p99))
                svg.line(point.0, point.1, point.0, bottom, stroke: colour, width: 1, dash: "2 2")
                svg.circle(
                    point.0, point.1, radius: 7, fill: "none",
                    tooltip: "\(sweep.implementation) saturates at \(saturation) operations a second")
                svg.text(
                    point.0 + 6, point.1 - 8, "sat \(FigureFormat.number(Double(saturation)))", size: 10, fill: colour)
            }
            let legendX = left + 8 + Double(offset % 4) * 120
            let legendY = panelHeight - 22 + Double(offset / 4) * 12
            svg.line(legendX, legendY + 2, legendX + 12, legendY + 2, stroke: colour, width: 3)
            let saturationText =
                sweep.medianSaturation.map { "sat \(FigureFormat.number(Double($0)))/s" } ?? "sat < lowest"
            svg.text(legendX + 16, legendY + 5, "\(sweep.implementation) (\(saturationText))", size: 11)
        }
        return svg.rendered.replacingOccurrences(
            of: "fill=\"none\"><title>", with: "fill=\"none\" stroke=\"#222\"><title>")
    }
}
