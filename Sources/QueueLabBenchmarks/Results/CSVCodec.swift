import Foundation

/// RFC 4180 fields: commas, quotes and line breaks inside a field are quoted; quotes doubled.
public enum CSVCodec {
    public static func encodeField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public static func encodeRow(_ fields: [String]) -> String {
        fields.map(encodeField).joined(separator: ",")
    }

    /// Splits a document into rows of fields; records where each row starts (1-based line numbers).
    ///
    /// - Throws: ``ResultsFileError`` for a quote that never closes.
    public static func decode(_ text: String) throws(ResultsFileError) -> [(line: Int, fields: [String])] {
        var rows: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var rowLine = 1
        var characters = Array(text.unicodeScalars)[...]
        var fieldStarted = false
        while let scalar = characters.popFirst() {
            if inQuotes {
                if scalar == "\"" {
                    if characters.first == "\"" {
                        field.unicodeScalars.append("\"")
                        characters.removeFirst()
                    } else {
                        inQuotes = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                inQuotes = true
                fieldStarted = true
            case ",":
                fields.append(field)
                field = ""
                fieldStarted = true
            case "\r":
                continue
            case "\n":
                if fieldStarted || !field.isEmpty || !fields.isEmpty {
                    fields.append(field)
                    rows.append((rowLine, fields))
                }
                fields = []
                field = ""
                fieldStarted = false
                line += 1
                rowLine = line
            default:
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        if inQuotes { throw ResultsFileError(line: rowLine, message: "a quoted field never closes") }
        if fieldStarted || !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            rows.append((rowLine, fields))
        }
        return rows
    }
}

/// A results file that cannot be read: where and why, on one line.
public struct ResultsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String?
    public let line: Int
    public let message: String

    public init(path: String? = nil, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String {
        let place = path.map { "\($0):\(line)" } ?? "line \(line)"
        return "\(place): \(message)".replacingOccurrences(of: "\n", with: " ")
    }
}
