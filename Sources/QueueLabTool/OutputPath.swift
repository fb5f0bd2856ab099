import ArgumentParser
import Foundation
import QueueLabBenchmarks

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

    /// nil when a file can be written at `path`; else why not (see `OutputFile`).
    static func problem(with path: String) -> String? { OutputFile.problem(with: path) }

    /// nil when `file` can be written in `folder`; else why not. An empty folder is refused rather
    /// than read as the current one: `--out-dir ''` is a mistake in a script, not a choice.
    static func problem(withFolder folder: String, file: String) -> String? {
        guard !folder.isEmpty else { return "an empty path names no folder" }
        return problem(with: (folder as NSString).appendingPathComponent(file))
    }
}
