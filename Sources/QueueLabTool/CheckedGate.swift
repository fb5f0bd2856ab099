import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabRegistry

/// `gate`'s options, every one checked before anything is built: a typo must cost a second, not
/// two release builds.
struct CheckedGate {
    let product: String
    let implementations: [String]
    let workloads: [String]
    let policy: String?
    /// `policy` as full specifications (`aging:step=1ms`), checked against the running tool.
    let policySpecifications: [String]
    let samples: Int
    /// `bench --pin` and its CPU list, or nothing to run free.
    let pinArguments: [String]
    let format: String
    let out: String?
    let threshold: String
    let sameWithin: String
    let requireEvidence: Bool
    /// The change every throughput row must be able to detect, passed to compare as
    /// `--require-detectable`: the option, else the --until-detectable limit, else the floor; nil
    /// only with --allow-blind. The default fails closed: a row that could not have seen a
    /// regression of the floor's size is no pass.
    let requireDetectable: String?
    /// `--require-detectable` was given: the wall channel itself must see it, with no coverage by
    /// the instruction channel (``GateCoverage``).
    let requireDetectableIsExplicit: Bool
    /// The floor as a fraction: what a headline row must see to count as seen by wall time.
    let floor: Double
    /// What the wall channel must still see of a row the instruction channel covers.
    let waitingFloor: Double
    /// Implementations reported beside the verdict, not gated, unless `gateReferences`.
    let references: Set<String>
    let gateReferences: Bool
    /// `bench --until-detectable` and `--budget` of the wall channel, or nothing (off).
    let sequentialArguments: [String]
    let countsInstructions: Bool
    let instructionWorkloads: [String]
    let instructionImplementations: [String]
    let instructionSamples: Int
    let cache: String?
    /// --time-limit, for both channels: counted from when sampling starts (``GateRun``).
    let timeLimit: Duration?

    /// - Parameter registry: what the running tool knows; when it runs as documented (built from
    ///   the working tree) that is head's. A name the base does not know is found once the base is
    ///   built, before any sample (``GateRun``).
    init(_ options: GateCommand, registry: ImplementationRegistry = ToolImplementations.registry) throws(GateFailure) {
        product = options.product ?? (RunMetadata.currentExecutable() as NSString).lastPathComponent
        guard product.range(of: #"^[A-Za-z0-9_.-]+$"#, options: .regularExpression) != nil else {
            throw .badInput("--product must name an executable product, got '\(product)'")
        }
        // At least 6: fewer can never show a regression.
        for (name, count) in [("--samples", options.samples), ("--instruction-samples", options.instructionSamples)]
        where !(6...CountOption.samples.upperBound).contains(count) {
            throw .badInput(CountOption.problem(name, count, 6...CountOption.samples.upperBound))
        }
        samples = options.samples
        instructionSamples = options.instructionSamples
        workloads = options.workloads.isEmpty ? GateCommand.standardWorkloads : options.workloads
        instructionWorkloads =
            options.instructionWorkloads.isEmpty ? GateCommand.instructionWorkloads : options.instructionWorkloads
        for workload in workloads + instructionWorkloads {
            do {
                _ = try Workload(parsing: workload)
            } catch {
                throw .badInput("workload '\(workload)': \(error.message)")
            }
        }
        format = options.format.rawValue
        // Checked by the parser (JudgementOptions, EvidenceOptions); compare is given them as typed.
        do {
            floor = try options.judgement.rule().threshold
            _ = try options.evidence.detectableLimit()
        } catch {
            throw .badInput(error.message)
        }
        threshold = options.judgement.threshold.text
        sameWithin = options.judgement.sameWithin.text
        sequentialArguments = try Self.sequentialArguments(options, floor: floor)
        requireDetectableIsExplicit = options.evidence.requireDetectable != nil
        do {
            waitingFloor = try options.waitingFloor.checked(
                "--waiting-floor", in: PercentOption.detectableRange, excludingZero: true)
        } catch {
            throw .badInput(error.message)
        }
        if let explicit = options.evidence.requireDetectable?.text {
            requireDetectable = explicit
        } else if options.allowBlind {
            requireDetectable = nil
        } else if let limit = sequentialArguments.dropFirst().first {
            requireDetectable = limit
        } else if floor > 0 {
            requireDetectable = Percent.format(floor)
        } else {
            throw .badInput(
                "with --threshold 0 there is no floor to require; give --require-detectable or --allow-blind")
        }
        if let text = options.timeLimit {
            guard let limit = DurationOption.parse(text) else {
                throw .badInput(DurationOption.problem("--time-limit", text))
            }
            if !sequentialArguments.isEmpty, let given = options.budget, let budget = DurationOption.parse(given),
                budget >= limit
            {
                throw .badInput("--budget \(given) must be shorter than --time-limit \(text)")
            }
            timeLimit = limit
        } else {
            timeLimit = nil
        }
        requireEvidence = options.evidence.requireEvidence
        switch options.instructions {
        case .auto: countsInstructions = CallgrindSampling.findValgrind() != nil
        case .on:
            guard CallgrindSampling.findValgrind() != nil else {
                throw .badInput("--instructions on needs valgrind on PATH (Debian: apt-get install valgrind)")
            }
            countsInstructions = true
        case .off: countsInstructions = false
        }
        pinArguments = try Self.pinArguments(options.pin)
        implementations = options.implementations
        instructionImplementations = options.instructionImplementations
        policy = options.policy
        gateReferences = options.gateReferences
        references = Self.references(registry, product: product)
        policySpecifications = try Self.checkCells(
            options, workloads: workloads, instructionWorkloads: instructionWorkloads, registry: registry)
        if let out = options.out { try Self.checkWritable(out) }
        out = options.out
        cache = Self.cacheFolder(options.cache)
        if let cache { try Self.checkCache(cache) }
    }

    /// The cells of both channels as their benches will see them: every implementation and policy
    /// known, each combination possible, each workload runnable by some implementation.
    private static func checkCells(
        _ options: GateCommand, workloads: [String], instructionWorkloads: [String], registry: ImplementationRegistry
    ) throws(GateFailure) -> [String] {
        do throws(SelectionError) {
            let policies = try CellSelection.policies(options.policy.map { [$0] } ?? [], registry: registry)
            let wall = try CellSelection.implementations(
                named: options.implementations, policies: policies, registry: registry)
            try CellSelection.checkRunnable(
                try CellSelection.workloads(workloads), on: wall, namedExplicitly: !options.implementations.isEmpty)
            // As GateRun chooses them: the wall run's, less those Callgrind cannot count steadily.
            let counted =
                options.instructionImplementations.isEmpty
                ? wall.filter { !GateCommand.unsteadyUnderCallgrind.contains($0.implementationName) }
                : try CellSelection.implementations(
                    named: options.instructionImplementations, policies: policies, registry: registry,
                    option: "--instruction-impl")
            try CellSelection.checkRunnable(
                try CellSelection.workloads(instructionWorkloads), on: counted,
                namedExplicitly: !options.instructionImplementations.isEmpty,
                workloadOption: "--instruction-workload", implementationOption: "--instruction-impl")
            return policies
        } catch {
            throw .badInput(error.description)
        }
    }

    /// The implementations no pull request to this repository changes: Foundation's and Dispatch's
    /// adapters always, and in a tool of your own QueueLab's `lock` and `actor` too (they are a
    /// dependency there), known by the module that defines them.
    static func references(_ registry: ImplementationRegistry, product: String) -> Set<String> {
        let modules: Set<String> =
            product == "queuelab"
            ? ["FoundationAdapter", "DispatchBaseline"]
            : ["FoundationAdapter", "DispatchBaseline", "LockBasedQueue", "ActorBasedQueue"]
        return Set(
            registry.all.filter { modules.contains(String(reflecting: $0).prefix { $0 != "." }.description) }.map {
                $0.implementationName
            })
    }

    /// `--out-dir` must be a directory this run can write: found now, not after two builds.
    private static func checkWritable(_ out: String) throws(GateFailure) {
        guard !out.isEmpty else { throw .badInput("--out-dir: an empty path names no folder") }
        let probe = (out as NSString).appendingPathComponent(".queuelab-gate-probe.\(getpid())")
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw .badInput("--out-dir \(out) cannot be created as a directory: \(error.localizedDescription)")
        }
        guard FileManager.default.createFile(atPath: probe, contents: nil) else {
            throw .badInput("--out-dir \(out) is not writable (base.csv and head.csv go there)")
        }
        try? FileManager.default.removeItem(atPath: probe)
    }

    private static func sequentialArguments(_ options: GateCommand, floor: Double) throws(GateFailure) -> [String] {
        let limit: Double
        switch options.untilDetectable {
        case "off": return []
        case "floor":
            guard floor > 0 else { throw .badInput("--until-detectable floor needs a --threshold above 0; say off") }
            limit = floor
        default:
            do {
                limit = try PercentOption(argument: options.untilDetectable).checked(
                    "--until-detectable", in: PercentOption.detectableRange, excludingZero: true)
            } catch {
                throw .badInput(error.message + "; or floor, or off")
            }
        }
        let budget = options.budget ?? defaultBudget(timeLimit: options.timeLimit.flatMap(DurationOption.parse))
        guard DurationOption.parse(budget) != nil else {
            throw .badInput(DurationOption.problem("--budget", budget))
        }
        return ["--until-detectable", Percent.format(limit), "--budget", budget]
    }

    /// ``GateCommand/defaultBudget``, or half of a time limit shorter than twice it (at least 1s):
    /// the first rounds and the instruction channel need the other half.
    static func defaultBudget(timeLimit: Duration?) -> String {
        guard let timeLimit, let standard = DurationOption.parse(GateCommand.defaultBudget), timeLimit < standard * 2
        else { return GateCommand.defaultBudget }
        return "\(max(1, timeLimit.components.seconds / 2))s"
    }

    private static func pinArguments(_ pin: String) throws(GateFailure) -> [String] {
        let cpus = ProcessInfo.processInfo.activeProcessorCount
        switch pin {
        case "off": return []
        case "auto" where cpus < 2: return []
        case "auto" where CPUPinning.findTaskset() == nil:
            gateProgress("no taskset on PATH: wall-time samples run unpinned")
            return []
        case "auto": return ["--pin", String(cpus - 1)]
        default:
            guard let taskset = CPUPinning.findTaskset() else {
                throw .badInput("--pin needs taskset on PATH (Debian: apt-get install util-linux)")
            }
            do {
                _ = try CPUPinning(parsing: pin, onlineCPUs: cpus, taskset: taskset)
            } catch {
                throw .badInput("\(error)")
            }
            return ["--pin", pin]
        }
    }

    /// The cache must be a folder this run can write: found now, not after resolving and building.
    private static func checkCache(_ cache: String) throws(GateFailure) {
        do {
            try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        } catch {
            throw .badInput("--cache \(cache) cannot be created as a directory (or give --cache off)")
        }
        let probe = "\(cache)/.queuelab-gate-probe.\(getpid())"
        guard FileManager.default.createFile(atPath: probe, contents: nil) else {
            throw .badInput("--cache \(cache) is not writable (or give --cache off)")
        }
        try? FileManager.default.removeItem(atPath: probe)
    }

    private static func cacheFolder(_ option: String?) -> String? {
        if option == "off" { return nil }
        if let option { return option }
        let environment = ProcessInfo.processInfo.environment
        let caches = environment["XDG_CACHE_HOME"] ?? "\(environment["HOME"] ?? NSTemporaryDirectory())/.cache"
        return "\(caches)/queuelab-gate"
    }
}
