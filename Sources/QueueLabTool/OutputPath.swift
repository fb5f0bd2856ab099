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
}
