import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabImplementations
import TestTiers
import Testing

@testable import QueueLabTool

/// `queuelab gate`: its verdict is the worse channel's, it fails closed, and it refuses bad input
/// before it builds anything.
@Suite(.onBlockingThreads) struct GateCommandTests {
    @Test func theWorseChannelDecides() {
        #expect(GateStatus.worse(.noRegression, .regression) == .regression)
        #expect(GateStatus.worse(.regression, .notMeasured) == .notMeasured)
        #expect(GateStatus.worse(.notMeasured, .badInput) == .badInput)
        #expect(GateStatus.worse(.notEnoughEvidence, .cannotDetect) == .cannotDetect)
        #expect(GateStatus.worse(.cannotDetect, .regression) == .regression)
        for status in GateStatus.allCases {
            #expect(GateStatus.worse(status, .noRegression) == status)
            #expect(GateStatus.worse(.noRegression, status) == status)
        }
    }

    @Test func whatCompareDidNotJudgeIsNotMeasured() {
        #expect(GateStatus(compareStatus: 1) == .regression)
        #expect(GateStatus(compareStatus: 6) == .cannotDetect)
        // A crash (a signal's 128 + n) or a status compare never uses is no verdict.
        #expect(GateStatus(compareStatus: 134) == .notMeasured)
        #expect(GateStatus(compareStatus: 3) == .notMeasured)
        // Lost samples outrank every verdict of the rest, except bad input.
        #expect(GateStatus.noRegression.downgraded(byBenchStatus: 4) == .notMeasured)
        #expect(GateStatus.regression.downgraded(byBenchStatus: 4) == .notMeasured)
        #expect(GateStatus.badInput.downgraded(byBenchStatus: 4) == .badInput)
        #expect(GateStatus.regression.downgraded(byBenchStatus: 0) == .regression)
    }

    /// The one line a gate command line is refused with, by the parser (typed options, ranges of
    /// the shared option groups) or by ``CheckedGate``; nil when it is accepted.
    static func refusal(_ arguments: [String]) -> String? {
        let command: GateCommand
        do {
            command = try GateCommand.parse(arguments)
        } catch {
            return GateCommand.message(for: error)
        }
        do {
            _ = try CheckedGate(command, registry: Implementations.registry)
            return nil
        } catch {
            return error.status == .badInput ? error.description : "not bad input: \(error.description)"
        }
    }

    @Test(arguments: [
        (["main", "--samples", "5"], "--samples must be 6 to 100000, got 5"),
        (["main", "--instruction-samples", "2"], "--instruction-samples must be 6 to 100000, got 2"),
        (["main", "--workload", "noop:n=-5"], "workload 'noop:n=-5'"),
        (["main", "--instruction-workload", "nosuch"], "workload 'nosuch'"),
        (["main", "--format", "xml"], "Please provide one of 'text' and 'markdown'"),
        (["main", "--threshold", "ten"], "--threshold must be a percentage from 0% to 1000%"),
        (["main", "--threshold", "0.07"], "(write the % sign: 7% rather than 0.07 or 7)"),
        (
            ["main", "--same-within", "=-0.1"],
            "--same-within must be a percentage from 0% to 1000% such as 7%, got '=-0.1'"
        ),
        (["main", "--require-detectable", "0%"], "--require-detectable must be a percentage"),
        (["main", "--instructions", "maybe"], "Please provide one of 'auto', 'on' or 'off'"),
        (
            ["main", "--until-detectable", "0%"],
            "--until-detectable must be a percentage above 0% and at most 100000% such as 7%, got '0%'; or floor, or off"
        ),
        (["main", "--threshold", "0%"], "--until-detectable floor needs a --threshold above 0"),
        (["main", "--budget", "soon"], "--budget must be a duration"),
        (["main", "--product", "my tool"], "--product must name an executable product"),
        (["main", "--pin", "999"], "999"),
        (["main", "--policy", ","], "--policy ','"),
        (["main", "--out", "gate-out"], "the gate's folder is --out-dir"),
        // What the builds' benches would refuse, refused before anything is built (issue 28, point 5).
        (["main", "--impl", "bogus"], "--impl bogus: unknown implementation 'bogus'; valid: lock, actor"),
        (["main", "--policy", "bogus"], "--policy: "),
        (
            ["main", "--impl", "dispatch", "--policy", "fifo"],
            "--impl dispatch with --policy: implementation 'dispatch'"
        ),
        (
            ["main", "--impl", "dispatch", "--workload", "chain:n=100"],
            "--workload chain:n=100 runs on none of the implementations (dispatch: chain needs"
        ),
        (
            ["main", "--impl", "dispatch", "--impl", "lock", "--workload", "chain:n=100"],
            "--impl dispatch can run none of the workloads (chain needs"
        ),
        (["main", "--instruction-impl", "bogus"], "--instruction-impl bogus: unknown implementation 'bogus'"),
        (
            ["main", "--instruction-impl", "dispatch", "--instruction-workload", "chain:n=100"],
            "--instruction-workload chain:n=100 runs on none of the implementations"
        ),
        (
            ["main", "--policy", "fifo", "--instruction-impl", "foundation"],
            "--instruction-impl foundation with --policy"
        ),
        (["main", "--out-dir", "/proc/queuelab-gate-out"], "--out-dir /proc/queuelab-gate-out cannot be created"),
    ])
    func badOptionsAreRefused(arguments: [String], message: String) throws {
        let refusal = Self.refusal(arguments)
        #expect(refusal?.contains(message) == true, "\(arguments): \(refusal ?? "accepted")")
        #expect(refusal?.contains("\n") != true)
    }

    /// One grammar: a comma list and repetition name the same values, in every list option.
    @Test func listsAreCommasOrRepetitionAlike() throws {
        let commas = try CheckedGate(
            try GateCommand.parse([
                "main", "--instructions", "off", "--impl", "lock,actor", "--policy", "fifo,aging:step=2ms",
                "--workload", "noop,chain:n=2000", "--instruction-workload", "ping:n=10,chain:n=20",
                "--instruction-impl", "lock,actor",
            ]), registry: Implementations.registry)
        let repeated = try CheckedGate(
            try GateCommand.parse([
                "main", "--instructions", "off", "--impl", "lock", "--impl", "actor", "--policy", "fifo", "--policy",
                "aging:step=2ms", "--workload", "noop", "--workload", "chain:n=2000", "--instruction-workload",
                "ping:n=10", "--instruction-workload", "chain:n=20", "--instruction-impl", "lock",
                "--instruction-impl", "actor",
            ]), registry: Implementations.registry)
        #expect(commas.implementations == ["lock", "actor"] && repeated.implementations == commas.implementations)
        #expect(commas.policy == "fifo,aging:step=2ms" && repeated.policy == commas.policy)
        #expect(commas.workloads == ["noop", "chain:n=2000"] && repeated.workloads == commas.workloads)
        #expect(commas.instructionWorkloads == ["ping:n=10", "chain:n=20"])
        #expect(repeated.instructionWorkloads == commas.instructionWorkloads)
        #expect(commas.instructionImplementations == ["lock", "actor"])
        #expect(repeated.instructionImplementations == commas.instructionImplementations)
    }

    /// A sensible shape passes the same checks: default workloads skip where an implementation
    /// lacks a capability (dispatch has no dependencies), which is no mistake of the user's.
    @Test func possibleCombinationsPass() throws {
        let shapes: [(arguments: [String], policies: [String])] = [
            (["--impl", "dispatch", "--impl", "lock"], []),
            (["--policy", "fifo,aging"], ["fifo", "aging:step=1ms"]),
            (["--impl", "lock", "--policy", "fifo", "--workload", "chain:n=100"], ["fifo"]),
            (["--instruction-impl", "actor", "--instruction-workload", "ping:n=10"], []),
        ]
        for shape in shapes {
            let command = try GateCommand.parse(["main", "--instructions", "off"] + shape.arguments)
            #expect(try CheckedGate(command, registry: Implementations.registry).policySpecifications == shape.policies)
        }
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-gate-out-\(getpid())").path
        let out = top + "/a/b"
        defer { try? FileManager.default.removeItem(atPath: top) }
        _ = try CheckedGate(try GateCommand.parse(["main", "--out-dir", out]), registry: Implementations.registry)
        #expect(FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty, "the probe is removed")
    }

    /// The names `list` prints, as the gate reads a base's.
    @Test func aListingsNamesAreItsFirstWords() {
        #expect(GateRun.firstWords("lock        a queue\nactor  another\n") == ["lock", "actor"])
        #expect(GateRun.firstWords("").isEmpty)
    }

    @Test func defaultsAreTheStandardShape() throws {
        let checked = try CheckedGate(
            try GateCommand.parse(["main", "--cache", "off", "--instructions", "off"]),
            registry: Implementations.registry)
        #expect(checked.workloads == GateCommand.standardWorkloads)
        #expect(checked.samples == 20)
        #expect(checked.threshold == "7%" && checked.sameWithin == "10%")
        #expect(checked.instructionSamples == 16)
        #expect(checked.cache == nil)
        #expect(checked.sequentialArguments == ["--until-detectable", "7%", "--budget", "10m"])
        // A time limit alone, shorter than twice the default budget, gives half of itself to it
        // instead of refusing a budget the user never wrote; a longer one leaves the default.
        let limited = try CheckedGate(
            try GateCommand.parse(["main", "--cache", "off", "--instructions", "off", "--time-limit", "8m"]),
            registry: Implementations.registry)
        #expect(limited.sequentialArguments == ["--until-detectable", "7%", "--budget", "240s"])
        let roomy = try CheckedGate(
            try GateCommand.parse(["main", "--cache", "off", "--instructions", "off", "--time-limit", "1h"]),
            registry: Implementations.registry)
        #expect(roomy.sequentialArguments == ["--until-detectable", "7%", "--budget", "10m"])
        #expect(CheckedGate.defaultBudget(timeLimit: .seconds(1)) == "1s")
        let fixed = try CheckedGate(
            try GateCommand.parse(["main", "--until-detectable", "5%", "--budget", "90s"]),
            registry: Implementations.registry)
        #expect(fixed.sequentialArguments == ["--until-detectable", "5%", "--budget", "90s"])
        #expect(
            try CheckedGate(
                try GateCommand.parse(["main", "--until-detectable", "off"]), registry: Implementations.registry
            ).sequentialArguments.isEmpty)
        #expect(!checked.countsInstructions)
        #expect(
            try CheckedGate(try GateCommand.parse(["main", "--pin", "off"]), registry: Implementations.registry)
                .pinArguments.isEmpty)
    }

    /// The gate fails closed by default: every throughput row must be able to detect the floor
    /// (the --until-detectable limit), or the gate exits 6; --allow-blind is the explicit way out.
    @Test func theGateRequiresTheFloorToBeDetectableByDefault() throws {
        func required(_ arguments: [String]) throws -> String? {
            try CheckedGate(
                try GateCommand.parse(["main", "--instructions", "off"] + arguments), registry: Implementations.registry
            ).requireDetectable
        }
        #expect(try required([]) == "7%")
        #expect(try required(["--until-detectable", "5%"]) == "5%")
        #expect(try required(["--until-detectable", "off"]) == "7%")
        #expect(try required(["--threshold", "10%"]) == "10%")
        #expect(try required(["--allow-blind"]) == nil)
        #expect(try required(["--allow-blind", "--require-detectable", "12%"]) == "12%")
        #expect(GateStatus.legend.contains("6 cannot detect"))
        #expect(GateStatus.worse(.cannotDetect, .noRegression) == .cannotDetect)
        #expect(GateStatus.worse(.cannotDetect, .regression) == .regression)
    }

}
