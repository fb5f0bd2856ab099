/// Where two runs differ in what they ran on or with: host, cores, Swift version, build
/// configuration, allocator. A difference there moves the figures as much as a change of code does,
/// so a comparison across it says little about the code (`compare` warns, and refuses with `--strict`).
package enum EnvironmentMismatch {
    /// The metadata that should be equal between base and head: CSV column and how to read it.
    static let fields: [(column: String, value: @Sendable (SampleRecord) -> String)] = [
        ("build_config", { $0.buildConfiguration }), ("allocator", { $0.allocator }), ("host", { $0.host }),
        ("cores", { String($0.cores) }), ("swift_version", \.swiftVersion),
    ]

    /// One line per differing field, e.g. `host: base box-a, head box-b`; empty when the runs agree.
    package static func differences(base: [SampleRecord], head: [SampleRecord]) -> [String] {
        fields.compactMap { column, value in
            let before = Set(base.map(value)).sorted()
            let after = Set(head.map(value)).sorted()
            guard before != after else { return nil }
            return "\(column): base \(before.joined(separator: " and ")), head \(after.joined(separator: " and "))"
        }
    }
}
