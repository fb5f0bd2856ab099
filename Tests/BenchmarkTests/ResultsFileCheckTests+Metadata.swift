import Foundation
import Testing

@testable import QueueLabBenchmarks

/// The header names each column once, and the integer metadata are in their ranges: a file that
/// breaks either is refused at its line, naming the column.
extension ResultsFileCheckTests {
    /// `text` with the field of `column` in the row on line `line` replaced by `value`.
    static func editing(_ text: String, line: Int, column: String, to value: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = ResultsFile.header.firstIndex(of: column)!
        // The sample's host holds a quoted comma: split after it, where no field is quoted.
        let quoted = lines[line - 1].range(of: "\"box, \"\"quoted\"\"\"")!
        var fields = lines[line - 1][quoted.upperBound...].split(separator: ",", omittingEmptySubsequences: false)
            .map(String.init)
        let hostIndex = ResultsFile.header.firstIndex(of: "host")!
        fields[index - hostIndex] = value
        lines[line - 1] = lines[line - 1][..<quoted.upperBound] + fields.joined(separator: ",")
        return lines.joined(separator: "\n")
    }

    @Test(arguments: [
        ("cores", "-4", "'cores' is -4, not 1 to 8192"), ("cores", "0", "'cores' is 0, not 1 to 8192"),
        ("cores", "8193", "'cores' is 8193, not 1 to 8192"), ("round", "-1", "'round' is -1, not 0 to 1000000000"),
        ("round", "1000000001", "'round' is 1000000001, not 0 to 1000000000"),
    ])
    func anIntegerOutOfItsRangeIsRefusedWithItsLineAndColumn(column: String, value: String, message: String) {
        let text = ResultsFile.encode([Self.sample(0), Self.sample(1)])
        let error = decodeError(Self.editing(text, line: 3, column: column, to: value))
        #expect(error?.line == 3)
        #expect(error?.message == message)
    }

    @Test func theEndsOfTheRangesAreRead() throws {
        let text = ResultsFile.encode([Self.sample(0), Self.sample(1)])
        let edited = Self.editing(
            Self.editing(text, line: 2, column: "cores", to: "8192"), line: 3, column: "round", to: "1000000000")
        let records = try ResultsFile.decode(edited)
        #expect(records.map(\.cores) == [8_192, 2] && records.map(\.round) == [0, 1_000_000_000])
    }

    @Test func aColumnNamedTwiceInTheHeaderIsRefused() {
        let text = ResultsFile.encode([Self.sample(0)])
        let header = ResultsFile.header
        // A second ops_per_s at the end, each row with a value for it: which one is the figure?
        let doubled =
            text.split(separator: "\n").enumerated().map { index, line in
                line + (index == 0 ? ",ops_per_s" : ",1")
            }.joined(separator: "\n") + "\n"
        let error = decodeError(doubled)
        #expect(error?.line == 1)
        #expect(
            error?.message
                == "header names the column 'ops_per_s' twice (fields \(header.firstIndex(of: "ops_per_s")! + 1) "
                + "and \(header.count + 1))")
        // A column this reader does not know is ignored, but not named twice: the rule is the header's.
        let unknown =
            text.split(separator: "\n").enumerated().map { index, line in
                line + (index == 0 ? ",note,note" : ",a,b")
            }.joined(separator: "\n") + "\n"
        #expect(decodeError(unknown)?.message.contains("header names the column 'note' twice") == true)
    }
}
