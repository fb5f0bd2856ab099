import Foundation
import QueueLabCore
import TestSupport
import Testing

@testable import QueueLabBenchmarks

/// Outputs are written as the ecosystem's tools write them: a regular file or a new path replaced
/// atomically, a symbolic link followed, a device or a FIFO written through and never replaced,
/// every write checked.
@Suite struct OutputFileTests {
    /// A fresh folder of this test's own; the caller removes it.
    private static func folder(_ name: String) throws -> String { try ScratchFolder.make("output-file", name) }

    private static func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    /// A character device of `major`/`minor` made in `folder` when this process may make one (as
    /// root, as CI runs); nil otherwise. A copy of /dev/null or /dev/full in a test's own folder,
    /// so that a regression replaces the copy, never the machine's node.
    private static func device(in folder: String, _ name: String, minor: UInt32) -> String? {
        let path = "\(folder)/\(name)"
        // makedev(1, minor), a C macro Swift does not import.
        return mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 ? path : nil
    }

    private static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aNewPathAndARegularFileAreReplacedWholeWithNothingLeftBeside() throws {
        let folder = try Self.folder("regular")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/deeper/out.csv"
        try OutputFile.write(Data("first\n".utf8), to: path)
        try OutputFile.write(Data("second\n".utf8), to: path)
        #expect(Self.contents(path) == "second\n")
        #expect(Self.kind(path) == S_IFREG)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/deeper") == ["out.csv"])
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        let folder = try Self.folder("link")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/target.csv"))
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/link.csv", withDestinationPath: "target.csv")
        try OutputFile.write(Data("new\n".utf8), to: "\(folder)/link.csv")
        #expect(Self.kind("\(folder)/link.csv") == S_IFLNK)
        #expect(Self.contents("\(folder)/target.csv") == "new\n")

        // A link to a file not made yet: the file is made where the link points.
        try FileManager.default.createSymbolicLink(atPath: "\(folder)/ahead.csv", withDestinationPath: "sub/made.csv")
        try OutputFile.write(Data("made\n".utf8), to: "\(folder)/ahead.csv")
        #expect(Self.kind("\(folder)/ahead.csv") == S_IFLNK)
        #expect(Self.contents("\(folder)/sub/made.csv") == "made\n")
    }

    @Test(.timeLimit(.minutes(1)))
    func aFIFOIsWrittenThroughAndStaysAFIFO() throws {
        let folder = try Self.folder("fifo")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = "\(folder)/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader opens the FIFO as `cat pipe` would; the write below blocks until it has. It
        // runs on a thread of its own, not the few of Swift's cooperative pool: the write holds
        // the output lock while it blocks, and another test waiting for that lock holds a pool
        // thread, so a reader queued behind both would never run.
        let read = Locked("")
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let handle = FileHandle(forReadingAtPath: fifo)
            defer { try? handle?.close() }
            read.withLock { $0 = String(decoding: handle?.readDataToEndOfFile() ?? Data(), as: UTF8.self) }
            done.signal()
        }
        try OutputFile.write(Data("through\n".utf8), to: fifo)
        // Bounded: a reader that never sees the end of the data fails this test, not the run.
        try #require(done.wait(timeout: .now() + 30) == .success, "the FIFO's reader never saw its end")
        #expect(read.withLock { $0 } == "through\n")
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test(.enabled(if: getuid() == 0, "making a device node needs root"))
    func aDeviceIsWrittenThroughNeverReplaced() throws {
        let folder = try Self.folder("device")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let null = try #require(Self.device(in: folder, "null", minor: 3))
        try OutputFile.write(Data("gone\n".utf8), to: null)
        #expect(Self.kind(null) == S_IFCHR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["null"], "no temporary left beside it")
    }

    @Test func aFullDeviceIsAnErrorNamingThePathAndTheReason() throws {
        let folder = try Self.folder("full")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let full = Self.device(in: folder, "full", minor: 7) ?? "/dev/full"
        #expect {
            try OutputFile.write(Data("lost\n".utf8), to: full)
        } throws: { error in
            "\(error)" == "cannot write \(full): \(String(cString: strerror(ENOSPC)))"
        }
        #expect(Self.kind(full) == S_IFCHR)
    }

    @Test func aFolderIsRefusedBeforeAndAtTheWrite() throws {
        let folder = try Self.folder("folder")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(OutputFile.problem(with: folder) == "is a directory, not a file")
        #expect(throws: OutputFileError.self) { try OutputFile.write(Data(), to: folder) }
        #expect(OutputFile.problem(with: "\(folder)/new/out.csv") == nil)
        let fifo = "\(folder)/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(OutputFile.problem(with: fifo) == nil, "a FIFO is checked without opening it")
    }

    @Test(
        "a path's folder, by its text (Foundation traps on a one-character name)",
        arguments: [
            ("n", ""), ("a/", ""), ("./n", "."), ("/n", "/"), ("/", "/"), ("x/y/n", "x/y"), ("x//n", "x"),
            ("x/y/", "x"),
        ])
    func folderOfAPath(path: String, folder: String) {
        #expect(PathText.folder(of: path) == folder)
    }
}
