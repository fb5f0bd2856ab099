import CStandardOutput
import Foundation
import QueueLabBenchmarks

/// The measuring half of a gate: base and head sampled interleaved in each channel (wall time;
/// instruction counts under Callgrind), each channel compared, the worse verdict kept.
struct GateRun {
    let checked: CheckedGate
    let base: String
    let head: String
    let out: String
    /// What each side was built from, for the CSVs' git_commit column: the base commit, and the
    /// working tree's commit (`+dirty` when it differs from it). The base binary lives in the
    /// gate's cache, outside any checkout, so the bench could not read it there.
    let baseCommit: String
    let headCommit: String

    func run() throws(GateFailure) -> GateStatus {
        let deadline = checked.timeLimit.map { ContinuousClock.now + $0 }
        guard let baseSampleHelp = GateBuilds.capture(base, ["sample", "--help"]) else {
            throw .badInput("the base predates the benchmark runner (no 'sample' subcommand); pick a later base")
        }
        if checked.policy != nil, !baseSampleHelp.contains("--policy") {
            throw .badInput("the base predates scheduling policies (no 'sample --policy'); drop --policy")
        }
        try checkBaseKnowsTheNames()
        let (implementations, references) = gatedAndReferences()
        let policyArguments = checked.policy.map { ["--policy", $0] } ?? []
        let wall = try channel(
            name: "wall time", folder: out, deadline: deadline,
            arguments: implementations.flatMap { ["--impl", $0] } + policyArguments + checked.pinArguments
                + checked.workloads.flatMap { ["--workload", $0] } + ["--samples", String(checked.samples)]
                + checked.sequentialArguments,
            compareArguments: ["--threshold", checked.threshold, "--same-within", checked.sameWithin]
                + (checked.requireEvidence ? ["--require-evidence"] : [])
                + (checked.requireDetectable.map { ["--require-detectable", $0] } ?? []))
        var instructionStatus = GateStatus.noRegression
        var instructionDocument: ComparisonDocument?
        if checked.countsInstructions {
            var counted = checked.instructionImplementations
            if counted.isEmpty {
                counted = implementations.filter { !GateCommand.unsteadyUnderCallgrind.contains($0) }
            }
            if counted.isEmpty && checked.policy == nil {
                gateProgress(
                    "no implementation for the instruction channel (foundation and dispatch are left out): skipped")
            } else {
                let (instructions, document) = try channel(
                    name: "instructions (Callgrind)", folder: "\(out)/instructions", deadline: deadline,
                    arguments: ["--instructions"] + counted.flatMap { ["--impl", $0] } + policyArguments
                        + checked.instructionWorkloads.flatMap { ["--workload", $0] }
                        + [
                            "--samples", String(checked.instructionSamples), "--warmup", "0", "--sample-timeout", "900",
                        ],
                    compareArguments: ["--figure", "instructions_per_op"])
                instructionDocument = document
                instructionStatus = instructions
            }
        }
        let coverage = wall.document.map {
            GateCoverage(
                wall: $0, instructions: instructionDocument, floor: checked.floor,
                instructionFloor: Figure.ownThresholds["instructions_per_op"] ?? 0.02,
                waitingFloor: checked.waitingFloor)
        }
        let status = GateStatus.worse(
            judgeCoverage(
                wall.status, coverage, instructionsRan: instructionDocument != nil,
                inconclusive: wall.document?.rows.contains { $0.verdict == "INCONCLUSIVE" } ?? true),
            instructionStatus)
        if !references.isEmpty { reportReferences(references, deadline: deadline) }
        // The rows a verdict stands on: throughput and instructions (latency and CPU rows repeat them).
        let regressions = [wall.document, instructionDocument].compactMap { $0 }.flatMap(\.rows).filter {
            $0.verdict == "REGRESSION" && ($0.headline || $0.figure == "instructions_per_op")
        }.map { "\($0.queue) \($0.workload) \($0.parameters) \($0.figure) ×\(String(format: "%.3f", $0.ratio))" }
        GateSummary(
            status: status, regressions: regressions, coverage: coverage, gated: implementations,
            references: references, instructionsRan: instructionDocument != nil
        ).print(format: checked.format)
        gateProgress("CSVs in \(out)")
        return status
    }

    /// The wall channel's verdict with its blind rows judged by coverage: a gate that failed closed
    /// only on rows the instruction channel covers passes them, and says which and how. The rule
    /// holds only for the default requirement (the floor); an explicit --require-detectable asks
    /// the wall channel itself to see it.
    private func judgeCoverage(
        _ wall: GateStatus, _ coverage: GateCoverage?, instructionsRan: Bool, inconclusive: Bool
    ) -> GateStatus {
        guard let coverage else { return wall }
        for line in coverage.lines { gateProgress(line) }
        guard wall == .cannotDetect else { return wall }
        if checked.requireDetectableIsExplicit || !coverage.blind.isEmpty {
            gateProgress(
                "wall time: the rows above could not see the required change when the budget ended (exit 6, fail "
                    + "closed)\(instructionsRan ? "" : ", and no instruction channel ran to cover them"). "
                    + "What helps: a longer --budget (the plan before the extra rounds says about how long each row needs), a quieter or pinned "
                    + "runner (--pin), the instruction channel (valgrind on PATH) for code paths that do not wait; "
                    + "--allow-blind to pass anyway.")
            return wall
        }
        gateProgress("wall time: every row below the floor is covered by the instruction channel: not failing closed")
        return checked.requireEvidence && inconclusive ? .notEnoughEvidence : .noRegression
    }

    /// Without --impl, the implementations both builds list, split into those the verdict gates
    /// (the repository's own) and the references reported beside (`--gate-references` gates all).
    private func gatedAndReferences() -> (gated: [String], references: [String]) {
        guard checked.implementations.isEmpty else { return (checked.implementations, []) }
        let listed = defaultImplementations()
        guard !checked.gateReferences else { return (listed, []) }
        let own = listed.filter { !checked.references.contains($0) }
        if own.isEmpty {
            if !listed.isEmpty { gateProgress("no implementation of this repository's own: gating the references") }
            return (listed, [])
        }
        return (own, listed.filter(checked.references.contains))
    }

    /// The references, sampled for --samples rounds with no extra ones and compared beside the
    /// verdict: their rows check the harness, and no pull request to the queue changes their code.
    private func reportReferences(_ references: [String], deadline: ContinuousClock.Instant?) {
        gateProgress("reference implementations (\(references.joined(separator: ", "))): reported, not gated")
        print(
            checked.format == "markdown"
                ? "\n### Not gated: reference implementations\n" : "\nNot gated: reference implementations")
        // The children write to the same standard output, unbuffered: the heading must be out first.
        _ = queuelab_flush_standard_output()
        do {
            let (status, _) = try channel(
                name: "reference implementations", folder: "\(out)/reference", deadline: deadline,
                arguments: references.flatMap { ["--impl", $0] } + checked.pinArguments
                    + checked.workloads.flatMap { ["--workload", $0] } + ["--samples", String(checked.samples)],
                compareArguments: ["--threshold", checked.threshold, "--same-within", checked.sameWithin])
            if status != .noRegression {
                gateProgress("reference implementations: \(status) (not gated: the verdict does not change)")
            }
        } catch {
            gateProgress("reference implementations: \(error.description) (not gated: the verdict does not change)")
        }
    }

    /// The names were checked against the running tool (head's, when run as documented) before
    /// anything was built; a base older than one of them cannot sample it. That is refused here,
    /// once the base exists and before any sample, as bad input naming the name (exit 2), rather
    /// than measured on head alone or reported later as a cell missing from base: the user named
    /// it, so the user decides (an earlier base, or without it).
    private func checkBaseKnowsTheNames() throws(GateFailure) {
        let named = checked.implementations + checked.instructionImplementations
        // A base whose `list` fails says nothing about its names: its samples will.
        if !named.isEmpty, let listing = GateBuilds.capture(base, ["list"]) {
            let known = Set(Self.firstWords(listing))
            if let missing = named.first(where: { !known.contains($0) }) {
                throw .badInput(
                    "implementation '\(missing)' is unknown to the base (it knows: "
                        + "\(known.sorted().joined(separator: ", "))); pick a later base or leave it out")
            }
        }
        guard !checked.policySpecifications.isEmpty, let listed = GateBuilds.capture(base, ["list", "--policies"])
        else { return }
        let known = Set(Self.firstWords(listed))
        let names = checked.policySpecifications.map { String($0.prefix { $0 != ":" }) }
        if let missing = names.first(where: { !known.contains($0) }) {
            throw .badInput(
                "policy '\(missing)' is unknown to the base (it knows: \(known.sorted().joined(separator: ", "))); "
                    + "pick a later base or leave it out")
        }
    }

    /// The first word of each line: the names `list` prints.
    static func firstWords(_ listing: String) -> [String] {
        listing.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Without `--impl`: every implementation both builds know (with `--policy`, bench's own
    /// default: the implementations that take one).
    private func defaultImplementations() -> [String] {
        guard checked.policy == nil else { return [] }
        func names(_ binary: String) -> [String] { Self.firstWords(GateBuilds.capture(binary, ["list"]) ?? "") }
        let inBase = Set(names(base))
        return names(head).filter(inBase.contains)
    }

    /// One channel: bench of base and head into `folder`, then compare's verdict on standard output.
    private func channel(
        name: String, folder: String, deadline: ContinuousClock.Instant?, arguments: [String],
        compareArguments: [String]
    ) throws(GateFailure) -> (status: GateStatus, document: ComparisonDocument?) {
        if let deadline, ContinuousClock.now >= deadline {
            throw GateFailure(status: .notMeasured, description: "--time-limit reached before \(name): not measured")
        }
        let baseCSV = "\(folder)/base.csv"
        let headCSV = "\(folder)/head.csv"
        // Never compare what this run did not write.
        for stale in [baseCSV, headCSV, baseCSV + ".partial", headCSV + ".partial"] {
            try? FileManager.default.removeItem(atPath: stale)
        }
        gateProgress("sampling \(name) into \(folder)")
        // The head binary drives; each sample runs in a fresh process of the base or head binary.
        let bench =
            (try? StreamedProcess.run(
                head,
                ["bench"] + arguments + [
                    "--variant", "base=\(base)", "--variant", "head=\(head)", "--out-dir", folder,
                    "--variant-commit", "base=\(baseCommit)", "--variant-commit", "head=\(headCommit)",
                ],
                deadline: deadline)) ?? -1
        if let deadline, ContinuousClock.now >= deadline {
            throw GateFailure(
                status: .notMeasured, description: "--time-limit reached while sampling \(name): not measured")
        }
        switch bench {
        case GateStatus.badInput.rawValue: throw .badInput("bench refused its input (\(name)); nothing compared")
        case 0, GateStatus.notMeasured.rawValue: break
        default:
            throw GateFailure(
                status: .notMeasured, description: "bench itself failed (\(name), exit \(bench)): not measured")
        }
        guard FileManager.default.fileExists(atPath: baseCSV), FileManager.default.fileExists(atPath: headCSV) else {
            throw GateFailure(status: .notMeasured, description: "bench wrote no base.csv and head.csv in \(folder)")
        }
        let compare =
            (try? StreamedProcess.run(
                head, ["compare", baseCSV, headCSV, "--format", checked.format] + compareArguments,
                output: .standardOutput, deadline: deadline)) ?? -1
        let verdict = GateStatus(compareStatus: compare).downgraded(byBenchStatus: bench)
        if bench == GateStatus.notMeasured.rawValue {
            gateProgress("some \(name) samples failed or hung (see bench's FAILED lines): not measured")
        }
        return (verdict, try document(name, baseCSV, headCSV, compareArguments, verdictStatus: compare))
    }

    /// The comparison again as JSON, for coverage and the summary line: compare is deterministic
    /// on the same CSVs, and takes a moment.
    private func document(
        _ name: String, _ baseCSV: String, _ headCSV: String, _ compareArguments: [String], verdictStatus: Int32
    ) throws(GateFailure) -> ComparisonDocument? {
        try Self.document(
            ChildCommand(
                executable: head, arguments: ["compare", baseCSV, headCSV, "--format", "json"] + compareArguments),
            after: verdictStatus, channel: name)
    }

    /// The document `command` (compare --format json) prints. nil when the first compare came to
    /// no verdict: that verdict already says why. After a verdict, a JSON run that does not start
    /// or finish within `timeout` leaves coverage unknown, and the gate fails closed rather than
    /// judge without it.
    static func document(
        _ command: ChildCommand, after verdictStatus: Int32, channel: String, timeout: Duration = .seconds(120)
    ) throws(GateFailure) -> ComparisonDocument? {
        guard statusesWithADocument.contains(verdictStatus) else { return nil }
        let outcome: ChildOutcome
        do {
            outcome = try ChildProcess.run(command, timeout: timeout)
        } catch {
            throw GateFailure(
                status: .notMeasured,
                description: "\(channel): compare --format json did not start (\(error)): not measured")
        }
        guard !outcome.timedOut else {
            throw GateFailure(
                status: .notMeasured,
                description:
                    "\(channel): compare --format json did not finish within \(timeout), so coverage is not known: not measured"
            )
        }
        return try document(outcome.standardOutput, status: outcome.status, channel: channel)
    }

    /// compare's exit statuses that come with a document on standard output: every verdict.
    static let statusesWithADocument: Set<Int32> = [0, 1, 4, 5, 6]

    /// The document compare printed with exit status `status`, or nil for a status that prints
    /// none (bad input, a crash). A document this gate cannot read (another schema: a head built
    /// from another QueueLab; a document cut short) is not taken as none: coverage and the list of
    /// regressions stand on it, so the gate stops, not measured, saying why.
    static func document(_ output: String, status: Int32, channel: String) throws(GateFailure) -> ComparisonDocument? {
        guard statusesWithADocument.contains(status) else { return nil }
        do {
            return try ComparisonDocument.read(Data(output.utf8))
        } catch {
            throw GateFailure(
                status: .notMeasured,
                description: "\(channel): compare --format json printed \(error): not measured")
        }
    }
}
