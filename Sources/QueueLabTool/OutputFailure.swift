import CStandardOutput
import Foundation
import QueueLabBenchmarks

/// A command whose work is done but whose output could not be written (a full device, a closed
/// pipe, a file system gone read-only) ends with one line on standard error and exit status 74
/// (`EX_IOERR`), never 0: a CI job must not take a lost result for a good one. Checks made before
/// the work (a folder that cannot be written) stay bad input, exit status 2.
enum OutputFailure {
    static let exitStatus: Int32 = 74

    /// Ends the process for `error`.
    static func exit(_ error: OutputFileError) -> Never { exit(error.description) }

    static func exit(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        Foundation._exit(exitStatus)
    }

    /// Makes every exit of the process check standard output: buffered text is flushed, and a
    /// failed write (now or earlier) ends the process with ``exitStatus``. Standard output is
    /// written through C's buffered stream (`print`), so this one check covers every command.
    static func checkStandardOutputAtExit() {
        atexit {
            switch queuelab_flush_standard_output() {
            case 0: break
            case -1: OutputFailure.exit("cannot write standard output: a write failed")
            case let failure: OutputFailure.exit("cannot write standard output: \(String(cString: strerror(failure)))")
            }
        }
    }
}
