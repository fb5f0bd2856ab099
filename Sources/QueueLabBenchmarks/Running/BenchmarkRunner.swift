import Foundation
import QueueLabCore
import Synchronization

/// What a benchmark run produced.
package struct BenchmarkResult: Sendable {
    /// Samples per variant, in the order they ran.
    package var records: [String: [SampleRecord]] = [:]
    /// Skipped cells and size caps: expected, not errors.
    package var notes: [String] = []
    /// Sample processes that failed or hung (their cells were dropped).
    package var failures: [String] = []
}

/// Runs a plan: one fresh process per sample, cells interleaved per round, warm-up rounds first.
package final class BenchmarkRunner {
    package typealias Launcher = (ChildCommand, Duration) throws -> ChildOutcome

    let plan: BenchmarkPlan
    let metadata: RunMetadata
    let progress: (String) -> Void
    let launcher: Launcher

    /// Samples already taken by an interrupted run (`bench --resume`): their cells are not run
    /// again in their rounds.
    let alreadyTaken: Set<String>
    /// Called with every sample as it finishes (the journal), before the next one starts.
    let onSample: (SampleRecord) throws -> Void

    package init(
        plan: BenchmarkPlan, metadata: RunMetadata, progress: @escaping (String) -> Void = ProgressLine.write,
        launcher: @escaping Launcher = ChildProcess.run, resuming done: [SampleRecord] = [],
        onSample record: @escaping (SampleRecord) throws -> Void = { _ in }
    ) {
        self.plan = plan
        self.metadata = metadata
        self.progress = progress
        self.launcher = launcher
        self.alreadyTaken = Set(done.map { Self.sampleKey(variant: $0.variant, cell: $0.cellKey, round: $0.round) })
        self.onSample = record
    }

    static func sampleKey(variant: String, cell: String, round: Int) -> String { "\(variant) \(cell) #\(round)" }

    /// The cells of the plan, and the notes about skipped or capped ones.
    package func cells() -> ([BenchmarkCell], [String]) {
        let cells = plan.cells()
        return (cells.cells, cells.notes)
    }

    /// The order of the cells in `round`. The variants of one cell (base and head) run back to back,
    /// so that `compare` can pair them by round: both samples of a pair see the same machine state.
    /// Their order alternates by round (base first on even rounds, head first on odd), so neither
    /// variant always runs first; the groups are shuffled, or run forward and backward (ABBA).
    package func order(_ cells: [BenchmarkCell], round: Int) -> [BenchmarkCell] {
        var groups: [[BenchmarkCell]] = []
        var position: [String: Int] = [:]
        for cell in cells {
            if let index = position[cell.recordCellKey] {
                groups[index].append(cell)
            } else {
                position[cell.recordCellKey] = groups.count
                groups.append([cell])
            }
        }
        let ordered: [[BenchmarkCell]]
        switch plan.order {
        case .abba:
            ordered = round % 2 == 0 ? groups : groups.reversed()
        case .shuffled:
            var random = SplitMix64(seed: plan.seed &* 1_000_003 &+ UInt64(round))
            ordered = groups.shuffled(using: &random)
        }
        return ordered.flatMap { round % 2 == 0 ? $0 : $0.reversed() }
    }

    package func run() throws -> BenchmarkResult {
        let allocatorEnvironment = try plan.allocator.childEnvironment()
        let (allCells, notes) = cells()
        var result = BenchmarkResult(notes: notes)
        var live = Set(allCells)
        let commits = Dictionary(
            uniqueKeysWithValues: plan.variants.map {
                ($0.name, $0.commit ?? RunMetadata.gitCommit(containing: $0.executable))
            })
        let variants = Dictionary(uniqueKeysWithValues: plan.variants.map { ($0.name, $0) })
        let rounds = plan.warmupRounds + plan.samples
        let totalRuns = rounds * allCells.count - alreadyTaken.count
        var done = 0
        var spent = 0.0
        for round in 0..<rounds {
            let isWarmup = round < plan.warmupRounds
            for cell in order(allCells, round: round) where live.contains(cell) {
                if !isWarmup
                    && alreadyTaken.contains(
                        Self.sampleKey(
                            variant: cell.variant, cell: cell.recordCellKey, round: round - plan.warmupRounds))
                {
                    continue
                }
                let remaining = totalRuns - done
                let eta = done == 0 ? "?" : ProgressLine.duration(spent / Double(done) * Double(remaining))
                let phase = isWarmup ? "warm-up" : "round \(round - plan.warmupRounds + 1)/\(plan.samples)"
                // A run of one build has no variant worth naming ("head" would read as a comparison).
                let label = variants.count > 1 ? "\(cell)" : "\(cell.queueLabel) \(cell.workload)"
                progress("[\(phase)] \(label) (\(done + 1)/\(totalRuns), about \(eta) left)")
                let variant = variants[cell.variant]!
                var command = ChildCommand(
                    executable: variant.executable,
                    arguments: SampleProtocol.arguments(
                        implementation: cell.implementation, policy: cell.policy, workload: cell.workload,
                        latencyEvery: plan.latencyEvery, drainTimeout: plan.drainTimeoutSeconds,
                        repetitions: plan.repetitions),
                    // The sample ends with this bench, even a bench killed with SIGKILL.
                    environment: allocatorEnvironment.merging(variant.environment) { _, new in new }
                        .merging(LiveChildren.parentEntry) { _, new in new })
                let countFile = plan.callgrind.map { _ in Self.callgrindOutputFile() }
                if let callgrind = plan.callgrind, let countFile {
                    command = callgrind.wrap(command, outputFile: countFile)
                }
                if let pinning = plan.pinning { command = pinning.wrap(command) }
                let outcome = try launcher(command, plan.sampleTimeout)
                done += 1
                spent += outcome.wallSeconds
                switch withInstructions(interpret(outcome, cell: cell), countFile: countFile) {
                case .figures(let figures):
                    guard !isWarmup else { continue }
                    let sample = record(
                        cell, figures: figures, commit: commits[cell.variant] ?? "unknown",
                        round: round - plan.warmupRounds)
                    result.records[cell.variant, default: []].append(sample)
                    try onSample(sample)
                case .skipped(let why):
                    live.remove(cell)
                    result.notes.append("\(cell): skipped: \(why)")
                case .failed(let why):
                    live.remove(cell)
                    result.failures.append("\(cell): \(why)")
                    progress("FAILED \(cell): \(why)")
                }
            }
        }
        progress("")
        return result
    }

    enum Interpretation {
        case figures(SampleFigures)
        case skipped(String)
        case failed(String)
    }

    func interpret(_ outcome: ChildOutcome, cell: BenchmarkCell) -> Interpretation {
        if outcome.timedOut {
            return .failed("sample process hung; killed after \(ProgressLine.duration(outcome.wallSeconds))")
        }
        let lastError = outcome.standardError.split(separator: "\n").last.map(String.init) ?? ""
        guard let response = SampleProtocol.Response.parse(outcome.standardOutput) else {
            // Interrupted with its bench (Ctrl-C): not a failed sample, and nothing to print.
            LiveChildren.parkIfInterrupted(by: outcome.signal)
            return .failed("\(outcome.ending), no figures printed; \(lastError)")
        }
        if let figures = response.figures { return .figures(figures) }
        if let skipped = response.skipped { return .skipped(skipped) }
        return .failed(response.error ?? "\(outcome.ending); \(lastError)")
    }

    /// A fresh file for one sample's Callgrind counts.
    static func callgrindOutputFile() -> String {
        (NSTemporaryDirectory() as NSString).appendingPathComponent("queuelab-callgrind-\(UUID().uuidString).out")
    }

    /// With `--instructions`, the sample's figures plus `instructions_per_op`, or why they are missing.
    func withInstructions(_ interpretation: Interpretation, countFile: String?) -> Interpretation {
        guard let countFile else { return interpretation }
        guard case .figures(var figures) = interpretation else {
            try? FileManager.default.removeItem(atPath: countFile)
            return interpretation
        }
        do {
            try CallgrindSampling.addInstructions(from: countFile, to: &figures)
            return .figures(figures)
        } catch {
            return .failed(error.description)
        }
    }

    func record(_ cell: BenchmarkCell, figures: SampleFigures, commit: String, round: Int) -> SampleRecord {
        SampleRecord(
            timestamp: RunMetadata.timestamp(), variant: cell.variant, gitCommit: commit, host: metadata.host,
            cores: metadata.cores, swiftVersion: metadata.swiftVersion, buildConfiguration: figures.buildConfiguration,
            allocator: figures.allocator, implementation: cell.implementation, policy: cell.policy,
            workload: cell.workload.kind.rawValue, parameters: cell.workload.parameterText, seed: plan.seed,
            round: round,
            values: FigureValues(figures.values)
        )
    }
}

/// The progress line on standard error: rewritten in place on a terminal, one line each otherwise.
package enum ProgressLine {
    static let lastLength = Atomic<Int>(0)
    static let isTerminal = isatty(2) == 1

    package static func write(_ text: String) {
        if isTerminal {
            let previous = lastLength.exchange(text.count, ordering: .relaxed)
            let padding = String(repeating: " ", count: Swift.max(0, previous - text.count))
            FileHandle.standardError.write(Data(("\r" + text + padding + (text.isEmpty ? "\r" : "")).utf8))
        } else if !text.isEmpty {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    }

    /// "4.2s", "3m05s"; "over 100h" past that (an estimate far beyond any budget must not trap).
    package static func duration(_ seconds: Double) -> String {
        guard seconds < 100 * 3600 else { return "over 100h" }
        let whole = Int(max(seconds, 0).rounded())
        return whole >= 60 ? "\(whole / 60)m\(String(format: "%02d", whole % 60))s" : String(format: "%.1fs", seconds)
    }
}
