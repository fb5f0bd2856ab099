import Foundation

/// Short human-readable values for tables.
package enum FigureFormat {
    package static func value(_ value: Double, column: String) -> String {
        guard value.isFinite else { return "-" }
        if column.hasSuffix("_ns") { return time(value / 1e9) }
        if column.hasSuffix("_s") && column != "ops_per_s" { return time(value) }
        return number(value)
    }

    package static func time(_ seconds: Double) -> String {
        let magnitude = abs(seconds)
        if magnitude >= 1 { return String(format: "%.2fs", seconds) }
        if magnitude >= 1e-3 { return String(format: "%.2fms", seconds * 1e3) }
        if magnitude >= 1e-6 { return String(format: "%.1fus", seconds * 1e6) }
        return String(format: "%.0fns", seconds * 1e9)
    }

    package static func number(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1e6 { return String(format: "%.2fM", value / 1e6) }
        if magnitude >= 1e4 { return String(format: "%.1fk", value / 1e3) }
        if magnitude >= 100 || value == value.rounded() { return String(format: "%.0f", value) }
        return String(format: "%.3g", value)
    }

    package static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "inf" }
        return String(format: "%.3f", value)
    }

    /// A detectable effect as a percentage ("12.3%"), or "none" when no change could be detected.
    package static func detectable(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "none" }
        return String(format: "%.1f%%", fraction * 100)
    }

    package static func pValue(_ p: Double) -> String {
        p < 1e-3 ? String(format: "%.1e", p) : String(format: "%.3f", p)
    }

    /// Pads a table's columns to equal widths (text output).
    package static func table(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        var widths = [Int](repeating: 0, count: first.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = Swift.max(widths[index], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    package static func markdown(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        var lines = ["| " + first.joined(separator: " | ") + " |", "|" + first.map { _ in " --- |" }.joined()]
        lines += rows.dropFirst().map {
            "| " + $0.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        return lines.joined(separator: "\n")
    }
}
