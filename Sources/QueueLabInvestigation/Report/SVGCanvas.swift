import Foundation

/// Collects SVG elements as text: the report's charts are plain inline SVG, readable without
/// JavaScript or network, so every chart is a string built here.
struct SVGCanvas {
    let width: Double
    let height: Double
    let title: String
    private(set) var elements: [String] = []

    init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        self.title = title
    }

    mutating func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1, dash: String? = nil
    ) {
        let dashing = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        elements.append(
            "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(dashing)/>"
        )
    }

    /// - Parameter opacity: below 1 for a faded twin (the base run beside the head run).
    mutating func rect(
        _ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String, opacity: Double = 1, tooltip: String? = nil
    ) {
        let body = tooltip.map { "<title>\(HTMLText.escape($0))</title>" } ?? ""
        let fading = opacity < 1 ? " fill-opacity=\"\(n(opacity))\"" : ""
        elements.append(
            "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(Swift.max(0, w)))\" height=\"\(n(Swift.max(0, h)))\" fill=\"\(fill)\"\(fading)>\(body)</rect>"
        )
    }

    mutating func circle(_ x: Double, _ y: Double, radius: Double, fill: String, tooltip: String? = nil) {
        let body = tooltip.map { "<title>\(HTMLText.escape($0))</title>" } ?? ""
        elements.append("<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius))\" fill=\"\(fill)\">\(body)</circle>")
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double = 2, dash: String? = nil) {
        guard points.count > 1 else { return }
        let text = points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
        let dashing = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        elements.append(
            "<polyline points=\"\(text)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(dashing)/>")
    }

    enum Anchor: String {
        case start, middle, end
    }

    mutating func text(
        _ x: Double, _ y: Double, _ content: String, anchor: Anchor = .start, size: Double = 12,
        weight: String = "normal", fill: String = "#222", rotate: Bool = false
    ) {
        let rotation = rotate ? " transform=\"rotate(-90 \(n(x)) \(n(y)))\"" : ""
        elements.append(
            "<text x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"\(anchor.rawValue)\" font-size=\"\(n(size))\" font-weight=\"\(weight)\" fill=\"\(fill)\"\(rotation)>\(HTMLText.escape(content))</text>"
        )
    }

    /// The finished `<svg>` element, with a `<title>` for screen readers.
    var rendered: String {
        "<svg class=\"chart\" role=\"img\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\">"
            + "<title>\(HTMLText.escape(title))</title>" + elements.joined() + "</svg>"
    }

    /// Coordinates with one decimal: enough for a screen, short in the file.
    private func n(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}

/// Escaping for text placed in HTML and SVG (names come from CSV files, which anyone can write).
enum HTMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
