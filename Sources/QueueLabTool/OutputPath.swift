import ArgumentParser
import Foundation

/// A file a command writes once its work is done, checked before the work begins: its folder is
/// made when missing (as `bench`'s CSV's is) and a file must be creatable in it. Without the check
/// a `conform --junit` at `stress`, a `simulate --validate` or `--calibrate` (minutes of child
/// processes) or a `trace` of a large workload ran to the end and then lost its output to a
/// folder that could not be written.
enum OutputPath {
    /// Throws the one-line reason (exit status 2) when `path`, given as `option`, cannot be written.
    static func check(_ path: String, option: String) throws(ValidationError) {
        if let problem = problem(with: path) { throw ValidationError("\(option) \(path): \(problem)") }
    }

    /// nil when a file can be written at `path`; else why not.
    static func problem(with path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "is a directory, not a file"
        }
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return "cannot create its directory \(directory.path)"
        }
        // The probe's name is this process's own, so that two runs writing beside each other do
        // not remove each other's; the file itself is left alone until the command writes it.
        let probe = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).probe")
        guard FileManager.default.createFile(atPath: probe.path, contents: nil) else {
            return "cannot create a file in \(directory.path)"
        }
        try? FileManager.default.removeItem(at: probe)
        return nil
    }
}
