import Foundation
import QueueLabBenchmarks

/// The chain scaling curve: chain length against wall time per operation, log-log. A flat line
/// means constant cost per operation; a line rising with slope 1 means the queue is quadratic. With a
/// base run, each implementation's base curve is dashed and faded beside its head curve.
enum ChainScalingChart {
    static let width = 900.0
    static let height = 380.0

    struct Point {
        let implementation: String
        let length: Int
        let nanosecondsPerOperation: MedianInterval
    }

    static func points(_ cells: [ReportCell]) -> [Point] {
        cells.filter { $0.workload == "chain" }.compactMap { cell in
            guard let length = cell.parameter("n"), length > 0 else { return nil }
            let perOperation = cell.records.compactMap { record -> Double? in
                guard let wall = record.figures["wall_s"], let operations = record.figures["operations"], operations > 0
                else { return nil }
                return wall * 1e9 / operations
            }
            return MedianInterval(perOperation).map {
                Point(implementation: cell.queueLabel, length: length, nanosecondsPerOperation: $0)
            }
        }
    }

    /// The chart, or `nil` when the run has no chain workload at all.
    ///
    /// - Parameter base: the base run's cells (empty without `--base`).
    static func chart(_ cells: [ReportCell], base: [ReportCell] = [], palette: ImplementationPalette) -> String? {
        let headPoints = points(cells)
        guard !headPoints.isEmpty else { return nil }
        let basePoints = points(base)
        let points = headPoints + basePoints
        let left = 80.0
        let right = width - 150
        let top = 20.0
        let bottom = height - 50
        let xScale = ChartScale.logarithmic(covering: points.map { Double($0.length) }, pixels: left...right)
        let yScale = ChartScale.logarithmic(
            covering: points.flatMap { [$0.nanosecondsPerOperation.lower, $0.nanosecondsPerOperation.upper] },
            pixels: top...bottom, reversed: true)
        var svg = SVGCanvas(
            width: width, height: height, title: "Chain scaling: time per operation against chain length")
        for tick in xScale.ticks {
            let x = xScale.position(tick)
            svg.line(x, top, x, bottom, stroke: "#e3e3e3")
            svg.text(x, bottom + 16, FigureFormat.number(tick), anchor: .middle, size: 11, fill: "#555")
        }
        for tick in yScale.ticks {
            let y = yScale.position(tick)
            svg.line(left, y, right, y, stroke: "#e3e3e3")
            svg.text(left - 6, y + 4, FigureFormat.time(tick / 1e9), anchor: .end, size: 11, fill: "#555")
        }
        svg.line(left, bottom, right, bottom, stroke: "#999")
        svg.line(left, top, left, bottom, stroke: "#999")
        svg.text(
            (left + right) / 2, bottom + 38, "chain length (operations, log scale)", anchor: .middle, size: 12,
            fill: "#444")
        svg.text(
            18, (top + bottom) / 2, "wall time per operation (log)", anchor: .middle, size: 12, fill: "#444",
            rotate: true)
        let series = [(run: "base", points: basePoints), (run: "head", points: headPoints)]
        let names = Set(points.map(\.implementation)).sorted()
        for (offset, name) in names.enumerated() {
            let colour = palette.colour(name)
            for (run, runPoints) in series {
                let line = runPoints.filter { $0.implementation == name }.sorted { $0.length < $1.length }
                guard !line.isEmpty else { continue }
                draw(line, run: basePoints.isEmpty ? nil : run, colour: colour, x: xScale, y: yScale, on: &svg)
            }
            let legend = basePoints.isEmpty ? name : "\(name) (base dashed)"
            svg.rect(right + 24, top + 10 + Double(offset) * 22, 14, 14, fill: colour)
            svg.text(right + 44, top + 22 + Double(offset) * 22, legend, size: 12)
        }
        return svg.rendered
    }

    /// One implementation's curve of one run; `run` is nil without a base (nothing to tell apart).
    private static func draw(
        _ line: [Point], run: String?, colour: String, x xScale: ChartScale, y yScale: ChartScale,
        on svg: inout SVGCanvas
    ) {
        let isBase = run == "base"
        let coordinates = line.map {
            (xScale.position(Double($0.length)), yScale.position($0.nanosecondsPerOperation.median))
        }
        svg.polyline(coordinates, stroke: colour, width: isBase ? 1.5 : 2.5, dash: isBase ? "6 4" : nil)
        for (point, xy) in zip(line, coordinates) {
            let interval = point.nanosecondsPerOperation
            svg.line(
                xy.0, yScale.position(interval.lower), xy.0, yScale.position(interval.upper), stroke: colour,
                width: 1.5)
            let label = run.map { " (\($0))" } ?? ""
            svg.circle(
                xy.0, xy.1, radius: isBase ? 3.5 : 5, fill: colour,
                tooltip:
                    "\(point.implementation)\(label), chain of \(point.length): \(FigureFormat.time(interval.median / 1e9)) per operation"
            )
            if !isBase {
                svg.text(xy.0 + 8, xy.1 - 6, FigureFormat.time(interval.median / 1e9), size: 11, fill: colour)
            }
        }
    }
}
