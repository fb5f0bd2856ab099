import Foundation

/// What every CSV row says about where it ran.
package struct RunMetadata: Sendable {
    package var host: String
    package var cores: Int
    package var swiftVersion: String

    package init(host: String, cores: Int, swiftVersion: String) {
        self.host = host
        self.cores = cores
        self.swiftVersion = swiftVersion
    }

    /// This machine; the Swift version from `swift --version` (or `QUEUELAB_SWIFT_VERSION`).
    package static func current() -> RunMetadata {
        RunMetadata(
            host: ProcessInfo.processInfo.hostName, cores: ProcessInfo.processInfo.activeProcessorCount,
            swiftVersion: swiftVersion())
    }

    static func swiftVersion() -> String {
        if let given = ProcessInfo.processInfo.environment["QUEUELAB_SWIFT_VERSION"] { return given }
        let command = ChildCommand(executable: "/usr/bin/env", arguments: ["swift", "--version"])
        guard let outcome = try? ChildProcess.run(command, timeout: .seconds(20)), outcome.status == 0 else {
            return "unknown"
        }
        let text = outcome.standardOutput + outcome.standardError
        guard let range = text.range(of: "Swift version ") else { return "unknown" }
        return String(text[range.upperBound...].prefix { !$0.isWhitespace })
    }

    /// The commit of the checkout that holds `path` (a built binary lives inside its checkout), with
    /// `+dirty` when tracked files differ from it; `unknown` outside a git checkout.
    package static func gitCommit(containing path: String) -> String {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        func git(_ arguments: [String]) -> String? {
            let command = ChildCommand(executable: "/usr/bin/env", arguments: ["git", "-C", directory] + arguments)
            guard let outcome = try? ChildProcess.run(command, timeout: .seconds(20)), outcome.status == 0 else {
                return nil
            }
            return outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let commit = git(["rev-parse", "--short=12", "HEAD"]) else { return "unknown" }
        let dirty = git(["status", "--porcelain", "--untracked-files=no"]).map { !$0.isEmpty } ?? false
        return dirty ? commit + "+dirty" : commit
    }

    /// The running executable (resolving `/proc/self/exe` on Linux).
    package static func currentExecutable() -> String {
        LinuxOnly.executablePath() ?? CommandLine.arguments[0]
    }

    package static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
