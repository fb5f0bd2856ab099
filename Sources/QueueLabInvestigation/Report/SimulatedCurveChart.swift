import Foundation

/// Simulated curves of one workload: the headline figure against the width (log 2), one line per
/// policy, and the measured points of the calibration's implementation as ringed dots over them,
/// so a reader sees at once where the model was checked and how far it reaches beyond.
enum SimulatedCurveChart {
    static let width = 620.0
    static let height = 340.0
    /// Okabe-Ito, colour-blind safe; policies take them in name order.
    static let colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]

    static func colour(_ index: Int) -> String { colours[index % colours.count] }

    static func svg(_ curves: SimulatedCurves) -> String {
        let left = 76.0
        let right = width - 150
        let top = 30.0
        let bottom = height - 46
        let widths = Array(Set(curves.widths + curves.curves.flatMap { $0.measured.map(\.width) })).sorted()
        let values = curves.curves.flatMap { $0.simulated.map(\.value) + $0.measured.map(\.value) }
        guard let lowWidth = widths.first, let highWidth = widths.last, let low = values.min(), let high = values.max()
        else { return "" }
        let span = log2(Double(highWidth)) - log2(Double(lowWidth))
        func x(_ width: Int) -> Double {
            span > 0
                ? left + (right - left) * (log2(Double(width)) - log2(Double(lowWidth))) / span : (left + right) / 2
        }
        // A ratio to a bound keeps 1 in view (the limit); other figures get a margin around their range.
        let floor = curves.headline.column == "makespan_over_bound" ? Swift.min(1, low) : low - (high - low) * 0.1
        let ceiling = high + Swift.max((high - floor) * 0.1, abs(high) * 0.01)
        func y(_ value: Double) -> Double { bottom - (bottom - top) * (value - floor) / (ceiling - floor) }
        var svg = SVGCanvas(
            width: width, height: height,
            title: "\(curves.implementation), \(curves.workloadLabel): simulated \(curves.headline.label) against width"
        )
        svg.text(8, 18, "sim:\(curves.implementation) \(curves.workloadLabel)", size: 12, weight: "bold")
        for tick in 0...4 {
            let value = floor + (ceiling - floor) * Double(tick) / 4
            svg.line(left, y(value), right, y(value), stroke: "#e3e3e3")
            svg.text(left - 6, y(value) + 4, curves.headline.format(value), anchor: .end, size: 10, fill: "#666")
        }
        for width in widths {
            svg.line(x(width), top, x(width), bottom, stroke: "#f0f0f0")
            svg.text(x(width), bottom + 15, "\(width)", anchor: .middle, size: 10, fill: "#666")
        }
        svg.line(left, bottom, right, bottom, stroke: "#999")
        svg.text(
            left, bottom + 32,
            "width (log 2); \(curves.headline.label): lines simulated, ringed dots measured (\(curves.implementation))",
            size: 10, fill: "#666")
        for (index, curve) in curves.curves.enumerated() {
            let colour = colour(index)
            svg.polyline(curve.simulated.map { (x($0.width), y($0.value)) }, stroke: colour)
            for point in curve.simulated {
                svg.circle(
                    x(point.width), y(point.value), radius: 2.5, fill: colour,
                    tooltip: "\(curve.policy), width \(point.width): simulated \(curves.headline.format(point.value))")
            }
            for point in curve.measured {
                svg.circle(x(point.width), y(point.value), radius: 6, fill: "#222")
                svg.circle(
                    x(point.width), y(point.value), radius: 4, fill: colour,
                    tooltip:
                        "\(curve.policy), width \(point.width): measured \(curves.headline.format(point.value)) (median of \(point.samples))"
                )
            }
            let legendY = top + 4 + Double(index) * 16
            svg.line(right + 14, legendY, right + 30, legendY, stroke: colour, width: 3)
            svg.text(right + 34, legendY + 4, curve.policy, size: 11)
        }
        return svg.rendered + "\n"
    }
}
