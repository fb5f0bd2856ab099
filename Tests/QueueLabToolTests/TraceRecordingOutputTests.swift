import ArgumentParser
import Foundation
import QueueLabImplementations
import QueueLabRecorder
import TestSupport
import Testing

@testable import QueueLabTool

/// `trace --format recording --out PATH` writes PATH as every other output is written: a regular
/// file is replaced whole (never truncated and filled in place), a symbolic link's target gets
/// that rule, and the recorder's own file is a scratch file that is gone afterwards. Serialized:
/// the leftover check looks for any scratch file of this process.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TraceRecordingOutputTests {
    /// The command reads the tool's implementations, which `QueueLabTool.main` installs.
    init() { ToolImplementations.install(Implementations.registry) }

    private static func folder(_ name: String) throws -> String { try ScratchFolder.make("trace-out", name) }

    private static func trace(to path: String) throws {
        try TraceCommand.parse([
            "--impl", "lock", "--workload", "chain:n=20", "--format", "recording", "--out", path,
        ]).run()
    }

    private static func inode(_ path: String) -> ino_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_ino : 0
    }

    @Test func aRegularFileIsReplacedWholeNotTruncatedInPlace() throws {
        let folder = try Self.folder("regular")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = "\(folder)/app.qlr"
        try Data("earlier contents\n".utf8).write(to: URL(fileURLWithPath: out))
        // A second name of the old file: written in place, it would change too.
        #expect(link(out, "\(folder)/earlier.qlr") == 0)
        let before = Self.inode(out)
        try Self.trace(to: out)
        #expect(Self.inode(out) != before, "the old file was written in place")
        #expect(try String(contentsOfFile: "\(folder)/earlier.qlr", encoding: .utf8) == "earlier contents\n")
        #expect(try Recording(path: out).operations.count == 20)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["app.qlr", "earlier.qlr"])
        let scratch = try FileManager.default.contentsOfDirectory(
            atPath: FileManager.default.temporaryDirectory.path
        ).filter { $0.hasPrefix("queuelab-trace.\(getpid()).") }
        #expect(scratch.isEmpty, "the scratch recording was left behind")
    }

    @Test func aSymbolicLinksTargetIsReplacedAndTheLinkKept() throws {
        let folder = try Self.folder("link")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("earlier contents\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/target.qlr"))
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/link.qlr", withDestinationPath: "target.qlr")
        let before = Self.inode("\(folder)/target.qlr")
        try Self.trace(to: "\(folder)/link.qlr")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/link.qlr") == "target.qlr")
        #expect(Self.inode("\(folder)/target.qlr") != before)
        #expect(try Recording(path: "\(folder)/target.qlr").operations.count == 20)
    }
}
