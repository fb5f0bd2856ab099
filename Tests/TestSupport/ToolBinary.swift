import Foundation
import QueueLabBenchmarks
import TestTiers

/// The executables the package builds beside the test bundle, for the tests that run them as a user
/// does; nil when this build has none (a filtered build), so that such tests are skipped, not failed.
package enum ToolBinary {
    /// `queuelab`, the tool over the four built-in implementations.
    package static var queuelab: String? { sibling("queuelab") }

    /// `queuelab-example`, the tool over a queue from outside QueueLab (`Examples/OwnQueueTool`).
    package static var example: String? { sibling("queuelab-example") }

    /// The tool can sample under Callgrind here: it is built, Valgrind is where `bench` looks for it,
    /// and no ThreadSanitizer runtime sits between them.
    package static var canCountInstructions: Bool {
        queuelab != nil && CallgrindSampling.findValgrind() != nil && !TestTier.runsUnderThreadSanitizer
    }

    private static func sibling(_ name: String) -> String? {
        let bundle = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name).path
        let beside = URL(fileURLWithPath: RunMetadata.currentExecutable()).deletingLastPathComponent()
            .appendingPathComponent(name).path
        return [bundle, beside].first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
