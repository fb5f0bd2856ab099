import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a command writes its output to, written as the ecosystem's tools write theirs:
///
/// - a new path, or an existing regular file, is replaced atomically (a temporary file beside it,
///   renamed over it), so a reader sees the old file or the whole new one;
/// - a symbolic link is followed, and its target gets the rule that fits it;
/// - an existing path that is not a regular file (a character or block device, a FIFO, a socket)
///   is opened and written through, never replaced: `--out /dev/null` leaves the device node alone
///   for every other process, as `cat > /dev/null` does.
///
/// Every write and the close are checked: a full device or a closed reader is an error naming the
/// path, never a quiet success.
package enum OutputFile {
    /// Writes `contents` to `path` by the rules above.
    package static func write(_ contents: Data, to path: String) throws(OutputFileError) {
        try write(to: path) { sink throws(OutputFileError) in try sink.write(contents) }
    }

    /// Writes what `produce` gives its sink to `path` by the rules above, a piece at a time (a
    /// large trace need not be held whole as text).
    package static func write(
        to path: String, _ produce: (inout OutputSink) throws(OutputFileError) -> Void
    ) throws(OutputFileError) {
        let target = try resolved(path)
        let kind = try kind(of: target)
        // A run a signal is ending writes nothing (no temporary is left behind), and one being
        // written is finished, or its temporary removed, before the process ends.
        try LiveChildren.putInPlace { () throws(OutputFileError) in
            switch kind {
            case .missing, .regular: try replace(target, naming: path, produce)
            case .directory: throw OutputFileError(path: path, reason: "is a directory, not a file")
            case .special: try writeThrough(target, naming: path, produce)
            }
        }
    }

    /// Why nothing can be written at `path`, or nil: the same resolution as ``write(_:to:)``, made
    /// before the work so that a run does not end by losing its output. A missing folder is made.
    package static func problem(with path: String) -> String? {
        guard !path.isEmpty else { return "an empty path names no file" }
        let target: String
        let kind: Kind
        do {
            target = try resolved(path)
            kind = try self.kind(of: target)
        } catch {
            return error.reason
        }
        switch kind {
        case .directory: return "is a directory, not a file"
        case .special: return access(target, W_OK) == 0 ? nil : "cannot be opened for writing: \(lastError())"
        case .missing, .regular: break
        }
        let directory = PathText.folder(of: target)
        let folder = directory.isEmpty ? "." : directory
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return "cannot create its directory \(folder)"
        }
        // The probe's name is this process's own, so that two runs writing beside each other do
        // not remove each other's; the file itself is left alone until the command writes it.
        let probe = folder + "/.\(URL(fileURLWithPath: target).lastPathComponent).\(getpid()).probe"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "cannot create a file in \(folder): \(lastError())" }
        close(descriptor)
        unlink(probe)
        return nil
    }

    private enum Kind { case missing, regular, directory, special }

    private static func kind(of path: String) throws(OutputFileError) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            // Nothing there, or a file where a folder of the path should be (then making the
            // folder fails, and says so).
            if errno == ENOENT || errno == ENOTDIR { return .missing }
            throw OutputFileError(path: path, reason: lastError())
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .special
        }
    }

    /// `path` with its symbolic links followed, the last one too, even when its target does not
    /// exist yet (a link to a file the command creates). At most 40 links, as the kernel allows.
    private static func resolved(_ path: String) throws(OutputFileError) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else {
                // Not a link, nothing there, or a file where a folder should be: the caller says.
                if errno == EINVAL || errno == ENOENT || errno == ENOTDIR { return current }
                throw OutputFileError(path: path, reason: lastError())
            }
            let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                link.hasPrefix("/")
                ? link : (PathText.folder(of: current).isEmpty ? "" : PathText.folder(of: current) + "/") + link
        }
        throw OutputFileError(path: path, reason: "too many levels of symbolic links")
    }

    private static func replace(
        _ target: String, naming path: String, _ produce: (inout OutputSink) throws(OutputFileError) -> Void
    ) throws(OutputFileError) {
        let directory = PathText.folder(of: target)
        let folder = directory.isEmpty ? "." : directory
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputFileError(path: path, reason: "cannot create its directory \(folder)")
        }
        let temporary = folder + "/.\(URL(fileURLWithPath: target).lastPathComponent).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw OutputFileError(path: path, reason: "cannot create a file in \(folder): \(lastError())")
        }
        do throws(OutputFileError) {
            try fill(descriptor, naming: path, produce)
            guard rename(temporary, target) == 0 else {
                throw OutputFileError(path: path, reason: "cannot rename the written file into place: \(lastError())")
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    private static func writeThrough(
        _ target: String, naming path: String, _ produce: (inout OutputSink) throws(OutputFileError) -> Void
    ) throws(OutputFileError) {
        let descriptor = open(target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OutputFileError(path: path, reason: "cannot be opened for writing: \(lastError())")
        }
        try fill(descriptor, naming: path, produce)
    }

    /// Writes what `produce` gives into `descriptor` and closes it, checked; closed on failure too.
    private static func fill(
        _ descriptor: Int32, naming path: String, _ produce: (inout OutputSink) throws(OutputFileError) -> Void
    ) throws(OutputFileError) {
        var sink = OutputSink(descriptor: descriptor, path: path)
        do throws(OutputFileError) {
            try produce(&sink)
            try sink.close()
        } catch {
            sink.abandon()
            throw error
        }
    }

    fileprivate static func lastError() -> String { String(cString: strerror(errno)) }
}

/// An open output: every write goes out whole or fails with the path and the reason.
package struct OutputSink: ~Copyable {
    private var descriptor: Int32
    private let path: String

    fileprivate init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// Writes every byte, through short writes and interruptions.
    package mutating func write(_ contents: Data) throws(OutputFileError) {
        let descriptor = self.descriptor
        let failure: Int32? = contents.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw OutputFileError(path: path, reason: String(cString: strerror(failure))) }
    }

    package mutating func write(_ text: String) throws(OutputFileError) { try write(Data(text.utf8)) }

    fileprivate mutating func close() throws(OutputFileError) {
        let descriptor = self.descriptor
        self.descriptor = -1
        guard Foundation.close(descriptor) == 0 else {
            throw OutputFileError(path: path, reason: OutputFile.lastError())
        }
    }

    fileprivate mutating func abandon() {
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
        descriptor = -1
    }
}

/// Why an output could not be written: one line naming the path.
package struct OutputFileError: Error, CustomStringConvertible {
    package let path: String
    package let reason: String

    package var description: String { "cannot write \(path): \(reason)" }
}
