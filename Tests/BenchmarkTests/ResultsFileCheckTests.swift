import Foundation
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// What reading a results file refuses: figures no run can produce, numbers the runner never writes,
/// a file cut short; and that reading in chunks gives what reading at once gives.
@Suite(.onBlockingThreads) struct ResultsFileCheckTests {
    static func sample(_ round: Int, figures: [String: Double] = [:]) -> SampleRecord {
        var record = ResultsFileTests.sample(round)
        for (column, value) in figures { record.figures[column] = value }
        return record
    }

    func decodeError(_ text: String) -> ResultsFileError? {
        do {
            _ = try ResultsFile.decode(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func aNumberCutInsideTheLastFieldIsATruncatedFile() {
        // The last column holds 5000000; the file is cut after "50", with no line break.
        let last = Figure.all.last!.column
        let text = ResultsFile.encode([Self.sample(0), Self.sample(1, figures: [last: 5_000_000])])
        #expect(text.hasSuffix(",5000000\n"))
        let cut = String(text.dropLast("00000\n".count))
        let error = decodeError(cut)
        #expect(error?.line == 3)
        #expect(error?.message.contains("truncated") == true, "\(String(describing: error))")
        #expect(decodeError(text) == nil)
    }

    @Test(arguments: ["0x10", "0x1p4", "inf", "nan", "1e", "--5", "5-", "1.2.3", " 5", "1_000"])
    func onlyDecimalNumbersAreFigures(text: String) {
        let good = ResultsFile.encode([Self.sample(0)])
        #expect(good.contains(",1500,"))
        let bad = good.replacingOccurrences(of: ",1500,", with: ",\(text),")
        #expect(decodeError(bad)?.message == "'e2f_p50_ns' is '\(text)', not a number")
    }

    @Test func decimalsTheRunnerWritesAreRead() {
        for (text, value) in [("1500", 1500.0), ("1234567.891", 1234567.891), ("1e-05", 1e-5), ("5e+20", 5e20)] {
            #expect(DecimalText.parse(text) == value, "\(text)")
        }
    }

    @Test(arguments: [
        ("ops_per_s", 0.0, "must be above zero"), ("wall_s", 0.0, "must be above zero"),
        ("ops_per_s", -3.0, "must be above zero"), ("e2f_p50_ns", -5.0, "cannot be negative"),
    ])
    func figuresOutsideTheirRangeAreRefused(column: String, value: Double, problem: String) {
        let text = ResultsFile.encode([Self.sample(0, figures: [column: value])])
        let error = decodeError(text)
        #expect(error?.message.hasPrefix("'\(column)' is ") == true, "\(String(describing: error))")
        #expect(error?.message.hasSuffix(problem) == true, "\(String(describing: error))")
        // Zero is a fine value for a latency or a count.
        #expect(decodeError(ResultsFile.encode([Self.sample(0, figures: ["e2f_p50_ns": 0])])) == nil)
    }

    @Test func rowsReadByteByByteEqualRowsReadAtOnce() throws {
        let text = "a,\"b \"\"quoted\"\", with comma\",c\r\n\n1,\"two\nlines\",3\n4,5,\"\"\n"
        let whole = try CSVCodec.decode(text)
        var reader = CSVRowReader()
        var rows: [CSVRowReader.Row] = []
        for byte in Array(text.utf8) {
            var failure: ResultsFileError?
            [byte].withUnsafeBytes { buffer in
                do throws(ResultsFileError) { try reader.feed(buffer) { rows.append($0) } } catch { failure = error }
            }
            #expect(failure == nil)
        }
        #expect(try reader.finish() == nil)
        #expect(rows.map(\.fields) == whole.map(\.fields))
        #expect(rows.map(\.line) == [1, 3, 5])
        #expect(
            whole.map(\.fields) == [
                ["a", "b \"quoted\", with comma", "c"], ["1", "two\nlines", "3"], ["4", "5", ""],
            ])
    }

    @Test func readingCanKeepOnlySomeFiguresAndStillChecksAll() throws {
        let text = ResultsFile.encode([Self.sample(0)])
        let kept = try ResultsFile.decode(text, keeping: ["ops_per_s"])
        #expect(kept[0].figures.dictionary == ["ops_per_s": 1_234_567.891])
        let bad = text.replacingOccurrences(of: ",1500,", with: ",-1500,")
        #expect(throws: ResultsFileError.self) { try ResultsFile.decode(bad, keeping: ["ops_per_s"]) }
    }

    @Test func figureValuesStoreOnlyWhatIsPresent() {
        var values: FigureValues = ["wall_s": 2, "operations": 10]
        values["e2f_p50_ns"] = 5
        values["ops_per_s"] = 5
        values["wall_s"] = nil
        values["not_a_figure"] = 1
        #expect(values.dictionary == ["operations": 10, "e2f_p50_ns": 5, "ops_per_s": 5])
        #expect(values == ["ops_per_s": 5, "e2f_p50_ns": 5, "operations": 10])
        #expect(values != ["ops_per_s": 5, "e2f_p50_ns": 5])
        #expect(values["wall_s"] == nil && values["e2f_p50_ns"] == 5)
    }

    @Test func anErrorIsOneLineWhateverTheFileHeld() {
        let text = ResultsFile.encode([Self.sample(0)]).replacingOccurrences(of: ",1500,", with: ",15\u{0}0\r,")
        let error = decodeError(text)
        #expect(error?.message.contains("a control character (byte 0)") == true)
        #expect(error?.description.unicodeScalars.contains { $0.properties.generalCategory == .control } == false)
    }
}
