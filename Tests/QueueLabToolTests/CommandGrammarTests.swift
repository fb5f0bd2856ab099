import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabConformance
import TestTiers
import Testing

@testable import QueueLabTool

/// One command-line grammar (issue 27): every list option takes a comma list and repetition
/// alike, typed options are checked by the parser, thresholds are percentages everywhere with one
/// default, and help is wrapped by the parser and names the running executable.
@Suite(.onBlockingThreads) struct CommandGrammarTests {
    @Test func benchListsAreCommasOrRepetitionAlike() throws {
        let commas = try BenchCommand.parse([
            "--impl", "lock,actor", "--policy", "fifo,aging:step=2ms", "--workload", "noop,chain:n=2000",
        ])
        let repeated = try BenchCommand.parse([
            "--impl", "lock", "--impl", "actor", "--policy", "fifo", "--policy", "aging:step=2ms", "--workload", "noop",
            "--workload", "chain:n=2000",
        ])
        #expect(commas.implementations == ["lock", "actor"] && repeated.implementations == commas.implementations)
        #expect(commas.policies == ["fifo", "aging:step=2ms"] && repeated.policies == commas.policies)
        #expect(commas.workloads == ["noop", "chain:n=2000"] && repeated.workloads == commas.workloads)
    }

    @Test(
        "an empty member is refused in every list option",
        arguments: [
            (["bench", "--impl", "lock,,actor"], "--impl 'lock,,actor' has an empty member"),
            (["bench", "--impl", "lock,"], "--impl 'lock,' has an empty member"),
            (["bench", "--workload", "noop,,chain"], "--workload 'noop,,chain' has an empty member"),
            (["bench", "--policy", "fifo,,aging"], "--policy 'fifo,,aging' has an empty member"),
            (["conform", "--check", ",cycle"], "--check ',cycle' has an empty member"),
            (["compare", "a.csv", "b.csv", "--figure", "ops_per_s,,wall_s"], "--figure 'ops_per_s,,wall_s' has an"),
        ])
    func emptyMembersAreRefused(arguments: [String], message: String) {
        #expect {
            _ = try QueueLabCommand.parseAsRoot(arguments)
        } throws: { error in
            QueueLabCommand.message(for: error).hasPrefix(message)
        }
    }

    @Test func simulateWidthsFollowTheSameGrammar() {
        #expect {
            _ = try SimulateCommand.parse(["--width", "1,,2"]).checkedWidths()
        } throws: { error in
            "\(error)".hasPrefix("--width '1,,2' has an empty member")
        }
    }

    @Test func aWorkloadKeyGivenTwiceIsRefusedAsAPolicyKeyIs() {
        #expect(throws: WorkloadParseError(message: "workload noop: 'n' given twice")) {
            try Workload(parsing: "noop:n=5;n=6")
        }
        #expect(throws: WorkloadParseError(message: "workload parameter 'file=' has no value: key=value")) {
            try Workload(parsing: "replay:file=")
        }
    }

    @Test func conformListsAreCommasOrRepetitionAlike() throws {
        let commas = try ConformCommand.parse(["--impl", "lock,actor", "--check", "cycle,deps.chain"])
        let repeated = try ConformCommand.parse([
            "--impl", "lock", "--impl", "actor", "--check", "cycle", "--check", "deps.chain",
        ])
        #expect(commas.implementationOptions.names == ["lock", "actor"])
        #expect(repeated.implementationOptions.names == commas.implementationOptions.names)
        #expect(commas.checkOptions.selectors == ["cycle", "deps.chain"])
        #expect(repeated.checkOptions.selectors == commas.checkOptions.selectors)
    }

    @Test func compareFiguresAreCommasOrRepetitionAlike() throws {
        let commas = try CompareCommand.parse(["a.csv", "b.csv", "--figure", "ops_per_s,wall_s"])
        let repeated = try CompareCommand.parse(["a.csv", "b.csv", "--figure", "ops_per_s", "--figure", "wall_s"])
        #expect(commas.figureOptions.columns == ["ops_per_s", "wall_s"])
        #expect(repeated.figureOptions.columns == commas.figureOptions.columns)
    }

    /// A workload's own commas (parameters, a service distribution's arguments) do not split it; a
    /// comma before a kind's name does. Every piece is a workload the parser takes.
    @Test(arguments: [
        ("noop", ["noop"]),
        ("noop,chain", ["noop", "chain"]),
        ("noop:n=1000,width=1", ["noop:n=1000,width=1"]),
        ("noop:n=1000,width=1,chain:n=10", ["noop:n=1000,width=1", "chain:n=10"]),
        (
            "open:rate=50000;service=bimodal:5us,500us,0.01,noop",
            ["open:rate=50000;service=bimodal:5us,500us,0.01", "noop"]
        ),
        ("open:rate=1000;service=lognormal:20us,1.5", ["open:rate=1000;service=lognormal:20us,1.5"]),
        ("noop,,chain", ["noop", "chain"]),
    ])
    func workloadListsSplitOnlyBeforeAKind(text: String, expected: [String]) throws {
        #expect(WorkloadList.split(text) == expected)
        for workload in expected {
            #expect(throws: Never.self, "\(workload)") { _ = try OpenLoopSweep.workloads(parsing: workload) }
        }
    }

    /// Typed options: a bad value is refused by the parser, in one line naming the valid values.
    @Test(arguments: [
        (["bench", "--allocator", "tcmalloc"], "'system' and 'jemalloc'"),
        (["bench", "--order", "random"], "'shuffled' and 'abba'"),
        (["conform", "--level", "fast"], "'quick', 'default' or 'stress'"),
        (["conform", "--format", "xml"], "'text' and 'json'"),
        (["compare", "a", "b", "--format", "html"], "'text', 'markdown', 'json' or 'summary'"),
        (["compare", "a", "b", "--threshold", "0.10"], "(write the % sign: 7% rather than 0.07 or 7)"),
        (
            ["compare", "a", "b", "--threshold", "-1%"],
            "--threshold must be a percentage from 0% to 1000% such as 7%, got '-1%'"
        ),
        (["compare", "a", "b", "--require-detectable", "0%"], "--require-detectable must be a percentage above 0%"),
        (["compare", "a", "b", "--figure", "nosuch"], "--figure 'nosuch' is no figure"),
        (["report", "a.csv", "--out", "r.html", "--same-within", "10"], "--same-within must be a percentage"),
        (["bench", "--until-detectable", "10"], "--until-detectable must be a percentage"),
        (["bench", "--impl", ","], "--impl ',' names nothing"),
        (["bench", "--workload", ","], "--workload ',' names nothing"),
        (["trace", "--impl", "lock,actor", "--workload", "noop", "--out", "t.json"], "trace takes one --impl, got 2"),
        (["trace", "--impl", "lock", "--out", "t.json"], "trace takes one --workload, got 0"),
        (["bench", "--samples"], "Missing value for '--samples <samples>'"),
        (
            [
                "trace", "--impl", "lock", "--workload", "noop", "--out", "t.json", "--drain-timeout",
                "99999999999999999",
            ],
            "--drain-timeout must be 1 to 86400, got 99999999999999999"
        ),
        (["trace", "--impl", "lock", "--workload", "noop", "--out", "t.json", "--drain-timeout", "-1"], "got -1"),
    ])
    func badValuesAreOneLine(arguments: [String], message: String) {
        do {
            _ = try QueueLabCommand.parseAsRoot(arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            let text = QueueLabCommand.message(for: error)
            #expect(QueueLabCommand.exitCode(for: error) == .validationFailure, "\(arguments)")
            #expect(text.contains(message), "\(arguments): \(text)")
            #expect(!text.contains("\n"), "\(arguments): \(text)")
        }
    }

    /// One default for thresholds, wherever a comparison is judged.
    @Test func thresholdsHaveOneDefault() throws {
        let compare = try CompareCommand.parse(["a.csv", "b.csv"]).judgement.rule()
        let report = try ReportCommand.parse(["a.csv", "--out", "r.html"]).judgement.rule()
        let gate = try GateCommand.parse(["main"]).judgement.rule()
        for rule in [compare, report, gate] {
            #expect(rule.threshold == 0.07 && rule.margin == 0.10)
        }
        #expect(try CompareCommand.parse(["a", "b", "--threshold", "2.5%"]).judgement.rule().threshold == 0.025)
    }

    /// `--out` is a file in every command; a folder is `--out-dir`.
    @Test func outIsAFileAndOutDirAFolder() throws {
        #expect(try BenchCommand.parse(["--out", "run.csv"]).out == "run.csv")
        #expect(try GateCommand.parse(["main", "--out-dir", "gate-out"]).outDir == "gate-out")
        #expect(try MainJobCommand.parse(["--out-dir", "here"]).results == "here")
        #expect(try MainJobCommand.parse(["--results", "here"]).results == "here")
    }

    static let commands: [any ParsableCommand.Type] = [
        MainJobCommand.self, ListCommand.self, ConformCommand.self, BenchCommand.self, CompareCommand.self,
        ReportCommand.self, TraceCommand.self, ExplainCommand.self, SimulateCommand.self, GateCommand.self,
    ]

    /// Help is the parser's to wrap: at 80 columns no line runs over, and it carries no tallies of
    /// measurements ("caught 5 % in 64 of 80 benches"); usage and examples name the executable
    /// that runs, not `queuelab`, unless that is its name.
    @Test func helpIsWrappedNamesTheToolAndHoldsNoTallies() throws {
        let tally = try Regex(#"\d+ (of|in) \d+ (runs|benches|draws)"#)
        for command in Self.commands {
            let help = QueueLabCommand.helpMessage(for: command, columns: 80)
            // The usage line is the parser's own, and it does not wrap it.
            for line in help.split(separator: "\n") where !line.hasPrefix("USAGE: ") {
                #expect(line.count <= 80, "\(command): \(line)")
            }
            #expect(help.firstMatch(of: tally) == nil, "\(command)")
            #expect(help.contains("USAGE: \(ToolName.current) "), "\(command)")
            if ToolName.current != "queuelab" {
                #expect(!help.contains("queuelab \(command.configuration.commandName ?? "")"), "\(command)")
            }
        }
    }

    /// A paragraph of a description is one line of source text, so the parser wraps it: at a wide
    /// screen none of its lines ends in the middle of a sentence and continues on the next.
    @Test func descriptionsHaveNoHardLineBreaks() {
        for command in Self.commands {
            let lines = command.configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false)
            for (line, next) in zip(lines, lines.dropFirst())
            where !line.isEmpty && !line.hasPrefix(" ") && !next.isEmpty && !next.hasPrefix(" ") {
                #expect(line.hasSuffix(":"), "\(command): a paragraph broken after '\(line.suffix(30))'")
            }
        }
    }
}
