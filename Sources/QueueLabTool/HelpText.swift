import Foundation

/// The help's preformatted blocks, laid out for an 80-column terminal: ArgumentParser re-wraps any
/// line longer than the terminal at a space, flush left, which broke examples mid-command (a
/// copied example then ran without its last options) and left exit-status tables ragged.
enum HelpText {
    /// ArgumentParser re-wraps a line that reaches the terminal's last column: 79 of 80 are usable.
    static let columns = 79

    /// "Examples:" and one command a line. A comment (`  # ...`) goes on the line above its
    /// command; a command longer than the line is continued with ` \`, so that it still runs when
    /// copied whole.
    static func examples(_ commands: [String]) -> String {
        (["Examples:"] + commands.flatMap(commandLines)).joined(separator: "\n")
    }

    /// A table of exit statuses: each code, then its meaning wrapped under itself.
    static func exitStatus(_ entries: [(code: Int, meaning: String)], heading: String = "Exit status:") -> String {
        ([heading]
            + entries.map { entry in
                let code = "\(entry.code)"
                return wrap(
                    entry.meaning, first: "  " + code + String(repeating: " ", count: max(1, 4 - code.count)),
                    rest: "      ")
            }).joined(separator: "\n")
    }

    private static func commandLines(_ example: String) -> [String] {
        var command = example
        var lines: [String] = []
        if let comment = example.range(of: "# ") {
            lines.append("  " + example[comment.lowerBound...])
            command = example[..<comment.lowerBound].trimmingTrailingSpaces()
        }
        // An option stays with its value on one line; room is kept for the continuation's " \\".
        var units: [String] = []
        for word in command.split(separator: " ").map(String.init) {
            if let last = units.last, last.hasPrefix("-"), !last.contains(" "), !word.hasPrefix("-") {
                units[units.count - 1] = last + " " + word
            } else {
                units.append(word)
            }
        }
        var line = "  "
        for unit in units {
            let fits = line.count + (line == "  " ? 0 : 1) + unit.count <= columns - 2
            if line != "  " && !fits {
                lines.append(line + " \\")
                line = "      " + unit
            } else {
                line += (line == "  " ? "" : " ") + unit
            }
        }
        return lines + [line]
    }

    /// `text` wrapped at spaces to the columns, its first line after `first`, the others after `rest`.
    static func wrap(_ text: String, first: String, rest: String) -> String {
        var lines: [String] = []
        var line = first
        var lineIsEmpty = true
        for word in text.split(separator: " ") {
            if !lineIsEmpty && line.count + 1 + word.count > columns {
                lines.append(line)
                line = rest + word
            } else {
                line += (lineIsEmpty ? "" : " ") + word
            }
            lineIsEmpty = false
        }
        return (lines + [line]).joined(separator: "\n")
    }
}

extension StringProtocol {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = String(self)
        while text.last == " " { text.removeLast() }
        return text
    }
}
