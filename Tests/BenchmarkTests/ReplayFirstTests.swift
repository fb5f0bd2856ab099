import Foundation
import QueueLabBenchmarks
import QueueLabRecorder
import TestTiers
import Testing

/// `replay:first=N` replays the first N operations, and of the app's queue changes those that could
/// have acted on them: every change up to the last kept finish, and the resume that ends a kept
/// suspension; a later suspension or width change, made for work that is not replayed, is dropped.
@Suite(.onBlockingThreads) struct ReplayFirstTests {
    /// Operation `id` added at `id` µs, its body 1 µs: the first two have finished by 3 µs.
    static func op(_ id: Int) -> String { "o \(id) 0 0 \(id * 1_000) 0 1000 - - op\(id)\n" }

    static func kept(_ changes: String) throws -> [RecordedQueueChange] {
        let text = "queuelab-recording/2\nq 0 -1 app\n" + changes + (1...3).map(op).joined()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("first-\(UUID().uuidString).qlr").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let spec = try ReplaySpec(Workload(parsing: "replay:file=\(path);first=2"))
        #expect(spec.recording.operations.map(\.id) == [1, 2])
        return spec.recording.changes
    }

    @Test func changesAfterTheKeptOperationsFinishedAreDropped() throws {
        let changes = try Self.kept("s 0 500 1\ns 0 1500 0\nw 0 10000 1\ns 0 20000 1\ns 0 30000 0\n")
        #expect(changes.map(\.at) == [500, 1_500])
    }

    @Test func theResumeOfAKeptSuspensionIsKept() throws {
        let changes = try Self.kept("s 0 2500 1\nw 0 40000 2\ns 0 50000 0\nw 0 60000 3\n")
        #expect(changes.map(\.at) == [2_500, 50_000])
        #expect(changes.last?.kind == .suspended(false))
    }
}
