import Foundation

/// A child process whose output the user watches as it comes (a build, a bench run), unlike
/// `ChildProcess`, which collects output to parse it.
enum StreamedProcess {
    /// Where the child's standard output goes: the gate's verdict is its own standard output, so
    /// everything before it (builds, sampling progress) goes to standard error.
    enum Output {
        case standardOutput
        case standardError
    }

    /// Runs `executable` with `arguments` in `directory` and returns its exit status (128 + the
    /// signal when a signal ended it, as a shell reports it).
    static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, output: Output = .standardError
    ) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = FileHandle.nullDevice
        if output == .standardError { process.standardOutput = FileHandle.standardError }
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
    }
}
