import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabImplementations
import TestSupport
import TestTiers
import Testing

/// The tool as a library (`QueueLabTool.main(implementations:)`): the registry it builds, and the
/// example executable `queuelab-example` (Examples/OwnQueueTool), a user's own tool over a queue
/// QueueLab does not know (`mine`) beside two built-ins.
@Suite(.longTier("builds and runs a user's own tool end to end")) struct ToolLibraryTests {
    @Test func twoImplementationsOfOneNameAreRefused() throws {
        #expect(throws: DuplicateImplementationName.self) {
            try ImplementationRegistry(Implementations.all + [Implementations.all[0]])
        }
        let registry = try ImplementationRegistry(Array(Implementations.all.reversed()))
        #expect(registry.names == Implementations.names.reversed())
        #expect(throws: UnknownImplementation.self) { try registry.named("mine") }
    }

    @Test func aSubsetKnowsOnlyItsOwnPolicyTakers() throws {
        let registry = try ImplementationRegistry(Implementations.all.filter { $0.implementationName != "lock" })
        #expect(registry.policyTakers == ["actor"])
        #expect(throws: (any Error).self) { try registry.recipe(named: "foundation", policy: "fifo") }
        #expect(try registry.recipe(named: "actor", policy: "fifo").label == "actor[fifo]")
    }

    /// The user's tool lists its own implementations, measures its own queue in fresh processes of
    /// its own binary, and refuses a name the run does not know or two queues of one name (exit 2).
    @Test(.enabled(if: ToolBinary.example != nil), .timeLimit(.minutes(30)))
    func aUsersToolMeasuresItsOwnQueue() throws {
        let list = try run(["list"])
        #expect(list.status == 0)
        #expect(
            list.standardOutput.split(separator: "\n").map { $0.split(separator: " ").first } == [
                "mine", "lock", "foundation",
            ])

        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("tool-library-\(UUID()).csv").path
        defer { try? FileManager.default.removeItem(atPath: csv) }
        let bench = try run([
            "bench", "--impl", "mine", "--workload", "noop:n=2000", "--samples", "2", "--warmup", "0", "--out", csv,
        ])
        #expect(bench.status == 0, "\(bench.standardError)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        let header = rows[0].split(separator: ",", omittingEmptySubsequences: false)
        let column = try #require(header.firstIndex(of: "implementation"))
        let implementations = rows.dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)[column]
        }
        #expect(implementations == ["mine", "mine"], "two samples of the user's queue, each in a fresh process")

        let unknown = try run(["bench", "--impl", "actor", "--workload", "noop"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("valid: mine, lock, foundation"))

        let duplicate = try run(["list"], environment: ["QUEUELAB_EXAMPLE_DUPLICATE": "1"])
        #expect(duplicate.status == 2)
        #expect(duplicate.standardError.contains("two implementations are called 'mine'"))
    }

    /// A policy of the user's own (`lowest-first`, Examples/OwnQueueTool) is named like a
    /// built-in: listed, measured in fresh processes that re-make it from the CSV's specification,
    /// traced; a second policy of one name is refused (exit 2).
    @Test(.enabled(if: ToolBinary.example != nil), .timeLimit(.minutes(30)))
    func aUsersToolSchedulesWithItsOwnPolicy() throws {
        let list = try run(["list", "--policies"])
        #expect(list.status == 0)
        let names = list.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").first }
        #expect(names.first == "strict")
        #expect(names.last == "lowest-first")

        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("own-policy-\(UUID()).csv").path
        defer { try? FileManager.default.removeItem(atPath: csv) }
        let bench = try run([
            "bench", "--impl", "lock", "--policy", "lowest-first", "--workload", "priority:n=2000",
            "--samples", "2", "--warmup", "0", "--out", csv,
        ])
        #expect(bench.status == 0, "\(bench.standardError)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        let header = rows[0].split(separator: ",", omittingEmptySubsequences: false)
        let column = try #require(header.firstIndex(of: "policy"))
        #expect(
            rows.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[column] } == [
                "lowest-first", "lowest-first",
            ])

        let unknown = try run([
            "trace", "--impl", "lock", "--policy", "highest-last", "--workload", "priority", "--out", "/dev/null",
        ])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("lowest-first"), "the valid names include the tool's own")

        let duplicate = try run(["list"], environment: ["QUEUELAB_EXAMPLE_DUPLICATE_POLICY": "1"])
        #expect(duplicate.status == 2)
        #expect(duplicate.standardError.contains("two scheduling policies are named 'lowest-first'"))
    }

    /// The example tool with `arguments`, bounded.
    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildOutcome {
        try ChildProcess.run(
            ChildCommand(executable: ToolBinary.example!, arguments: arguments, environment: environment),
            timeout: .seconds(120))
    }
}
