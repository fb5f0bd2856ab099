import Foundation
import QueueLabRecorder
import Testing

@testable import QueueLabBenchmarks

/// A results CSV is read with bounds: a row past a megabyte, a control character or a file past a
/// gigabyte is refused as soon as it is seen, so that `/dev/zero` or an endless pipe costs a
/// moment, not the machine's memory.
@Suite struct BoundedInputTests {
    static let header = CSVCodec.encodeRow(ResultsFile.header) + "\n"

    @Test func aControlCharacterIsRefusedWithItsLine() {
        #expect {
            _ = try ResultsFile.decode(Self.header + "2026\u{0}\n")
        } throws: { error in
            "\(error)" == "line 2: a control character (byte 0): not text"
        }
        #expect {
            _ = try ResultsFile.decode(Self.header + "\u{1B}[2J\n")
        } throws: { error in
            "\(error)".contains("byte 27")
        }
    }

    @Test func aRowPastAMegabyteIsRefusedBeforeItEnds() {
        let long = String(repeating: "x", count: CSVRowReader.maximumRowBytes + 1)
        #expect {
            _ = try ResultsFile.decode(Self.header + long)
        } throws: { error in
            "\(error)" == "line 2: a row longer than 1 MiB: not a results CSV"
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func anEndlessDeviceIsRefusedAtOnce() throws {
        let start = ContinuousClock.now
        #expect {
            _ = try ResultsFile.read("/dev/zero")
        } throws: { error in
            "\(error)" == "/dev/zero:1: a control character (byte 0): not text"
        }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test(.timeLimit(.minutes(1)))
    func everyWholeFileFormatIsReadWithABound() throws {
        #expect(BoundedFile.contents(of: "/dev/zero", limit: 1 << 20) == .failure(.tooLarge(limit: 1 << 20)))
        #expect(
            BoundedFile.contents(of: "/dev/zero", limit: 1 << 30, header: "queuelab-recording")
                == .failure(.notThisFormat("queuelab-recording")), "refused at its first bytes, not at a gigabyte")
        #expect {
            _ = try Recording(path: "/dev/zero")
        } throws: { error in
            "\(error)" == "recording /dev/zero: not a \(RecordingFormat.schema) file"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data("queuelab-recording".utf8).write(to: URL(fileURLWithPath: file))
        #expect(BoundedFile.contents(of: file, limit: 10) == .failure(.tooLarge(limit: 10)))
        #expect(BoundedFile.contents(of: file, limit: 100) == .success(Data("queuelab-recording".utf8)))
        #expect(BoundedFile.prefix(of: file, count: 8) == .success(Data("queuelab".utf8)))
    }
}
