import ArgumentParser
import Foundation
import QueueLabConformance
import QueueLabCore
import QueueLabImplementations

struct ConformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conform",
        abstract: "Run the conformance suite: a verdict per check and implementation.",
        discussion: """
            Prints a table of checks by implementation (PASS, FAIL, STALE, UNSUPPORTED), then the \
            evidence of every FAIL and STALE with the command that replays it. A failing random \
            scenario is shrunk first; the report shows the smallest one that still fails.

            Exit status:
              0  every outcome is PASS or UNSUPPORTED (Foundation's cycle deadlock is a PASS that \
            says so)
              1  some check FAILed or went STALE
              2  bad input: unknown implementation, check or level (the message lists valid ones), \
            or a time bound out of range

            Examples:
              queuelab conform --level quick
              queuelab conform --impl lock,foundation --check cycle --junit conform.xml
              queuelab conform --impl lock --check deps.random-dag --seed 42 --level default
              queuelab conform --format json > conform.json
              queuelab conform --level quick --time-bound 30   # a loaded CI machine
            """
    )

    @Option(
        name: .long,
        help:
            "Comma-separated implementations (default: the full queues, not the `dispatch` floor; see `queuelab list`)."
    )
    var impl: String?

    @Option(name: .long, help: "quick (CI, well under a minute), default, or stress (minutes).")
    var level: String = "quick"

    @Option(name: .long, help: "The seed every random choice derives from; a failure prints the one that replays it.")
    var seed: UInt64 = 1

    @Option(
        name: .long, parsing: .upToNextOption,
        help: "Check IDs, or families such as `cycle` (default: all). Repeatable.")
    var check: [String] = []

    @Option(
        name: .long,
        help: """
            Seconds each check may take before it ends STALE (default: the level's, 4 / 8 / 30). \
            Raise it on a loaded machine: a passing check never waits for it.
            """)
    var timeBound: Double?

    @Option(name: .long, help: "Also write a JUnit XML report to this file.")
    var junit: String?

    @Option(name: .long, help: "text (table and evidence) or json.")
    var format: String = "text"

    @Flag(name: .long, help: "List the checks with their descriptions and required capabilities, then exit.")
    var listChecks = false

    func run() throws {
        if listChecks {
            for check in Check.all { print("\(check.id)  \(check.summary)  [needs: \(check.requirements)]") }
            return
        }
        let (queues, checks, chosenLevel) = try resolve()
        let configuration = ConformanceConfiguration(
            level: chosenLevel, seed: seed, checks: checks,
            timeBound: timeBound.map { .milliseconds(Int64($0 * 1_000)) })
        let text = format == "text"
        let report = ConformanceSuite.run(queues, configuration: configuration) { outcome in
            if text {
                FileHandle.standardError.write(
                    Data(
                        "\(outcome.implementation) \(outcome.checkID): \(outcome.verdict) (\(String(format: "%.2f", outcome.seconds)) s)\n"
                            .utf8))
            }
        }
        print(text ? report.text() : report.json())
        if let junit {
            do {
                try report.junitXML().write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                fail("cannot write \(junit): \(error)")
                throw ExitCode(2)
            }
        }
        if !report.isSuccess { throw ExitCode(1) }
    }

    private func resolve() throws -> ([any OperationQueueing.Type], [Check], ConformanceLevel) {
        guard let chosenLevel = ConformanceLevel(rawValue: level) else {
            fail(
                "unknown level '\(level)'; valid: \(ConformanceLevel.allCases.map(\.rawValue).joined(separator: ", "))")
            throw ExitCode(2)
        }
        if let timeBound, !(timeBound > 0 && timeBound <= 3_600) {
            fail("--time-bound must be a number of seconds above 0 and at most 3600, not \(timeBound)")
            throw ExitCode(2)
        }
        guard format == "text" || format == "json" else {
            fail("unknown format '\(format)'; valid: text, json")
            throw ExitCode(2)
        }
        var queues: [any OperationQueueing.Type] = []
        let names =
            impl.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            ?? Implementations.queues.map { $0.implementationName }
        for name in names {
            do {
                queues.append(try Implementations.named(name))
            } catch {
                fail("\(error)")
                throw ExitCode(2)
            }
        }
        var checks: [Check] = []
        for selector in check.flatMap({ $0.split(separator: ",").map(String.init) }) {
            let matched = Check.matching(selector)
            guard !matched.isEmpty else {
                fail("unknown check '\(selector)'; valid: \(Check.all.map(\.id).joined(separator: ", "))")
                throw ExitCode(2)
            }
            checks += matched.filter { candidate in !checks.contains(candidate) }
        }
        return (queues, checks.isEmpty ? Check.all : checks, chosenLevel)
    }

    private func fail(_ message: String) {
        FileHandle.standardError.write(Data("queuelab conform: \(message)\n".utf8))
    }
}
