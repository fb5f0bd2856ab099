import Foundation

/// A fresh, empty folder for one test's files, named by suite, process and test so that tests
/// running side by side, and earlier runs, never share one.
package enum ScratchFolder {
    package static func make(_ suite: String, _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(suite)-\(getpid())-\(name)").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
