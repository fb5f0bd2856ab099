import Foundation
import QueueLabConformance
import Testing

/// The table a mutant campaign writes: one line per test case, appended by cases running in
/// parallel.
enum CampaignTable {
    /// The clause a model verdict names (`[clause] …`), or nil for one that names none (a STALE
    /// verdict of the harness).
    static func clause(of outcome: CheckOutcome) -> String? {
        outcome.summary.firstMatch(of: /^\[([^\]]+)\]/).map { String($0.1) }
    }

    /// Appends `line` to `path` in one write: with O_APPEND each line lands whole.
    static func append(_ line: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let written = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        #expect(written == line.utf8.count, "the table line was not written whole")
    }
}
