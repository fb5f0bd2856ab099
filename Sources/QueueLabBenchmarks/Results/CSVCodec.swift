import Foundation

/// RFC 4180 fields: commas, quotes and line breaks inside a field are quoted; quotes doubled.
package enum CSVCodec {
    package static func encodeField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    package static func encodeRow(_ fields: [String]) -> String {
        fields.map(encodeField).joined(separator: ",")
    }

    /// Splits a document into rows of fields; records where each row starts (1-based line numbers).
    ///
    /// - Throws: ``ResultsFileError`` for a quote that never closes.
    package static func decode(_ text: String) throws(ResultsFileError) -> [(line: Int, fields: [String])] {
        var rows: [(line: Int, fields: [String])] = []
        var reader = CSVRowReader()
        var failure: ResultsFileError?
        Array(text.utf8).withUnsafeBytes { buffer in
            do throws(ResultsFileError) { try reader.feed(buffer) { rows.append($0) } } catch { failure = error }
        }
        if let failure { throw failure }
        if let last = try reader.finish() { rows.append(last) }
        return rows
    }
}

/// A results file that cannot be read: where and why, on one line.
public struct ResultsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or directory) concerned; nil when not known.
    public var path: String?
    /// The 1-based line the problem is on; 0 when it concerns the whole file.
    public let line: Int
    /// What is wrong, in a few words (`'cores' is -4, not 1 to 8192`).
    public let message: String

    /// An error at `line` of `path` (nil: not known), saying `message`.
    package init(path: String? = nil, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String {
        let place = path.map { "\($0):\(line)" } ?? "line \(line)"
        // One line, whatever the file held: line breaks and other control characters become spaces.
        let text = "\(place): \(message)"
        return String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
