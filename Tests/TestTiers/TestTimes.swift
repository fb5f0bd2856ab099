import Foundation
import Testing

/// Where a test process's time goes: with `QUEUELAB_TEST_TIMES=FILE`, every test case run under
/// ``BlockingThreadsTrait`` appends one line to FILE, `seconds<TAB>test id`, the seconds its body
/// took once it had a thread.
///
/// Swift Testing's own durations start when a test is scheduled, so on a busy process they count
/// the wait for a thread (every test of a lane once read the lane's whole length) and cannot say
/// which tests a CI step spends its time on.
///
/// A body that suspends waits for its executor's thread again when it resumes, and that wait is
/// counted: under ``Testing/Trait/onComputeThread``, one thread for every long computation, a
/// record can be many times the body's own time (a 2 s test read 155 s beside the others,
/// `results/ci/fourth-round.md`). Time such a test alone.
enum TestTimes {
    static let variable = "QUEUELAB_TEST_TIMES"

    /// The file's descriptor, opened once for appending; nil when the variable is not set.
    private static let descriptor: Int32? = {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        precondition(descriptor >= 0, "\(variable)=\(path): cannot open it for appending")
        return descriptor
    }()

    /// One line, one `write` on an O_APPEND descriptor: lines of tests ending together never mix.
    static func record(_ test: Test, seconds: Double) {
        guard let descriptor else { return }
        let line = "\(String(format: "%.3f", seconds))\t\(test.id)\n"
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
    }
}
