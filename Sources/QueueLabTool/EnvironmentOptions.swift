import ArgumentParser
import Foundation
import QueueLabBenchmarks

/// Base and head measured in different environments (`compare`, `report --base`): a difference of
/// host, cores, Swift version, build configuration or allocator moves the figures as much as a
/// change of code, so each is a warning, and with `--strict` a refusal.
struct EnvironmentOptions: ParsableArguments {
    @Flag(help: "Refuse (exit 2) when base and head ran on different hosts, cores, toolchains, builds or allocators.")
    var strict = false

    /// Warns on standard error per difference, or with `--strict` exits 2 on the first (one line).
    func check(base: [SampleRecord], head: [SampleRecord]) {
        for difference in EnvironmentMismatch.differences(base: base, head: head) {
            if strict { exitBadInput("base and head ran in different environments (--strict): \(difference)") }
            FileHandle.standardError.write(
                Data("warning: base and head ran in different environments: \(difference)\n".utf8))
        }
    }
}
