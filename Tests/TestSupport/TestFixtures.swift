import Foundation

/// The committed inputs several test targets read (recorded A/A CSVs and log ratios), in
/// `Tests/Fixtures/`: beside the targets, not in one, so that no target reaches into another's folder.
package enum TestFixtures {
    package static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The fixture named `name` (`aa-wall-head.csv`).
    package static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
}
