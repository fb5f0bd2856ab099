import Foundation

/// `bench --instructions`: every sample process runs under `valgrind --tool=callgrind`, with
/// instrumentation off until the sample's timed phase starts and off again when it ends (client
/// requests in the `CCallgrind` target), and the parent adds `instructions_per_op` from the count.
///
/// Instruction counts do not move with the machine's load, so they can be gated tightly (as
/// rustc-perf and iai-callgrind do). Valgrind runs one thread at a time, so the count of a
/// multi-threaded workload includes what its threads do while waiting (a worker's polling
/// before it parks): see `results/README.md` for which workloads count stably.
package struct CallgrindSampling: Sendable {
    package let valgrind: String

    package init(valgrind: String) { self.valgrind = valgrind }

    /// The first `valgrind` on `PATH`, or nil.
    package static func findValgrind(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        ExecutableSearch.find("valgrind", path: path)
    }

    /// `command` run under Callgrind, its counts written to `outputFile`.
    package func wrap(_ command: ChildCommand, outputFile: String) -> ChildCommand {
        var wrapped = command
        wrapped.executable = valgrind
        wrapped.arguments =
            [
                "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=\(outputFile)", "--dump-line=no",
                "--quiet", command.executable,
            ] + command.arguments
        return wrapped
    }

    /// The instructions counted in a Callgrind output file (its `totals:` line, else `summary:`).
    package static func instructions(inOutput text: String) -> UInt64? {
        var summary: UInt64?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("totals:") { return UInt64(line.dropFirst(7).split(separator: " ").first ?? "") }
            if line.hasPrefix("summary:") { summary = UInt64(line.dropFirst(8).split(separator: " ").first ?? "") }
        }
        return summary
    }

    /// Adds `instructions_per_op` to a sample's figures from its Callgrind file (and removes the
    /// file). Fails when the file is missing or counted nothing: a build without Valgrind's
    /// headers never opens the window, and a zero would read as a huge improvement.
    package static func addInstructions(from outputFile: String, to figures: inout SampleFigures) throws(SampleError) {
        defer { try? FileManager.default.removeItem(atPath: outputFile) }
        guard let text = try? String(contentsOfFile: outputFile, encoding: .utf8),
            let count = instructions(inOutput: text)
        else { throw .childFailed("no Callgrind counts in \(outputFile)") }
        guard count > 0 else {
            throw .childFailed(
                "Callgrind counted no instruction: this build lacks the client requests (valgrind headers)")
        }
        // With --repetitions every timed phase was counted: divide by the operations of all of them.
        let operations = figures.values["timed_operations"] ?? figures.values["operations"] ?? 0
        guard operations > 0 else { throw .childFailed("a sample with no operation has no instructions per operation") }
        figures.values["instructions_per_op"] = Double(count) / operations
    }
}
