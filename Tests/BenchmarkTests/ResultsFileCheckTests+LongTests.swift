import Foundation
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// The long tier of `ResultsFileCheckTests` (`QUEUELAB_LONG_TESTS=1`): reads a file of hundreds of megabytes.
extension ResultsFileCheckTests {
    @Test(.longTier("reads a file of hundreds of megabytes")) func aLargeFileIsReadInChunks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-chunks-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("run.csv").path
        // Rows straddle the chunk boundaries of a file several chunks long.
        let records = (0..<(3 * ResultsFile.readChunkSize / 250)).map { Self.sample($0) }
        try ResultsFile.write(records, to: path)
        #expect(try ResultsFile.read(path) == records)
    }
}
