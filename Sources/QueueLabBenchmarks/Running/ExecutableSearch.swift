import Foundation

/// Finds a program the way a shell does: the first executable of that name on `PATH`.
package enum ExecutableSearch {
    package static func find(
        _ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]
    ) -> String? {
        (path ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
