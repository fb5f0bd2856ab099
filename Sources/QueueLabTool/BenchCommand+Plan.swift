import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabRegistry
import QueueLabScheduling

extension BenchCommand {
    /// A day: longer is no bound at all, and far longer overflowed the wait's nanoseconds.
    static let longestSampleTimeout = 86_400

    /// Every option checked and turned into a plan, before any sample runs: a mistake found after
    /// an hour of sampling costs the hour.
    func checkedPlan() throws -> BenchmarkPlan {
        try CountOption.check("--samples", samples, CountOption.samples)
        try CountOption.check("--warmup", warmup, 0...1_000)
        try CountOption.check(
            "--sample-timeout", sampleTimeout, 1...Self.longestSampleTimeout, unit: " seconds (a day)")
        try CountOption.check("--repetitions", repetitions, 1...100)
        try CountOption.check("--latency-every", latencyEvery, 1...1_000_000_000)
        let registry = ToolImplementations.registry
        let policies = try CellSelection.policies(self.policies, registry: registry)
        let types = try CellSelection.implementations(named: implementations, policies: policies, registry: registry)
        guard !types.isEmpty else { throw ValidationError("no implementation is registered yet") }
        let parsed =
            try workloads.isEmpty
            ? WorkloadSuite.standard : workloads.flatMap { try OpenLoopSweep.workloads(parsing: $0) }
        ReplayWarning.announce(parsed)
        _ = try allocator.childEnvironment()
        let variants = try checkedVariants()
        if variants.count > 1 && out != nil {
            throw ValidationError("--out writes one variant; with several --variant use --out-dir")
        }
        if out != nil && outDir != nil { throw ValidationError("give --out or --out-dir, not both") }
        if variant.isEmpty && outDir != nil {
            throw ValidationError("--out-dir is for --variant runs; use --out for one CSV")
        }
        let environment = ProcessInfo.processInfo.environment
        // Inherited by every sample process, unless a variant sets its own value.
        let spentHere = variants.contains {
            Self.isThisBuild($0.executable) && $0.environment[FaultInjectionKnob.environmentVariable] == nil
        }
        if let problem = TestSlowdown.problem(in: environment)
            ?? FaultInjectionKnob.problem(in: environment, spentByThisBuild: spentHere)
        {
            throw ValidationError(problem)
        }
        var plan = BenchmarkPlan(
            implementations: types.map {
                ImplementationInfo($0, takesPolicy: registry.policyTakers.contains($0.implementationName))
            }, workloads: parsed, variants: variants)
        plan.policies = policies
        plan.samples = samples
        plan.warmupRounds = warmup
        plan.allocator = allocator
        plan.order = order
        plan.seed = seed ?? UInt64(Date().timeIntervalSince1970)
        plan.sampleTimeout = .seconds(sampleTimeout)
        plan.latencyEvery = latencyEvery
        plan.repetitions = repetitions
        plan.capFoundation = !uncapped
        if instructions {
            guard let valgrind = CallgrindSampling.findValgrind() else {
                throw ValidationError("--instructions needs valgrind on PATH (Debian: apt-get install valgrind)")
            }
            plan.callgrind = CallgrindSampling(valgrind: valgrind)
        }
        if let pin {
            guard let taskset = CPUPinning.findTaskset() else {
                throw ValidationError("--pin needs taskset on PATH (Debian: apt-get install util-linux)")
            }
            do {
                plan.pinning = try CPUPinning(
                    parsing: pin, onlineCPUs: ProcessInfo.processInfo.activeProcessorCount, taskset: taskset)
            } catch {
                throw ValidationError("\(error)")
            }
        }
        return plan
    }

    /// `--policy` values as full specifications (`aging` becomes `aging:step=1ms`), split by the
    /// one shared rule (`SchedulingPolicies.splitList`); empty without `--policy`.
    func checkedPolicies() throws -> [String] {
        try ToolImplementations.registry.policySpecifications(policies)
    }

    /// Whether `executable` is the running one: the only build whose fault injection (trait
    /// `FaultInjection` or not) this process knows; another build's samples check it themselves.
    static func isThisBuild(_ executable: String) -> Bool {
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        return resolved(executable) == resolved(RunMetadata.currentExecutable())
    }

    /// Without `--impl`: every implementation, or with `--policy` only those that take one (naming
    /// `foundation` with a policy is refused; leaving it out is not).
    func defaultImplementations(_ policies: [String]) -> [any OperationQueueing.Type] {
        guard !policies.isEmpty else { return ToolImplementations.registry.all }
        return ToolImplementations.registry.all.filter {
            ToolImplementations.registry.policyTakers.contains($0.implementationName)
        }
    }

    /// The variants with their environments; names distinct, executables present, every
    /// `--variant-env` naming one of them, the slowdown knob a number.
    func checkedVariants() throws -> [BenchmarkVariant] {
        var builds: [(name: String, executable: String)] = []
        for entry in variant {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw ValidationError("--variant wants NAME=PATH, got '\(entry)'")
            }
            guard !builds.contains(where: { $0.name == parts[0] }) else {
                throw ValidationError("--variant \(parts[0]) is given twice; names must differ")
            }
            guard FileManager.default.isExecutableFile(atPath: parts[1]) else {
                throw ValidationError("--variant \(parts[0]): \(parts[1]) is not an executable")
            }
            builds.append((parts[0], parts[1]))
        }
        if builds.isEmpty { builds = [("head", RunMetadata.currentExecutable())] }
        var environments: [String: [String: String]] = [:]
        for entry in variantEnv {
            let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
            let pair = parts.count == 2 ? parts[1].split(separator: "=", maxSplits: 1).map(String.init) : []
            guard pair.count == 2 else { throw ValidationError("--variant-env wants NAME:KEY=VALUE, got '\(entry)'") }
            guard builds.contains(where: { $0.name == parts[0] }) else {
                throw ValidationError(
                    "--variant-env names '\(parts[0])', not a variant of this run (\(builds.map(\.name).joined(separator: ", ")))"
                )
            }
            environments[parts[0], default: [:]][pair[0]] = pair[1]
        }
        var commits: [String: String] = [:]
        for entry in variantCommit {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty, !parts[1].contains(",") else {
                throw ValidationError("--variant-commit wants NAME=COMMIT, got '\(entry)'")
            }
            guard builds.contains(where: { $0.name == parts[0] }) else {
                throw ValidationError(
                    "--variant-commit names '\(parts[0])', not a variant of this run (\(builds.map(\.name).joined(separator: ", ")))"
                )
            }
            commits[parts[0]] = parts[1]
        }
        for build in builds {
            let environment = environments[build.name] ?? [:]
            if let problem = TestSlowdown.problem(in: environment)
                ?? FaultInjectionKnob.problem(in: environment, spentByThisBuild: Self.isThisBuild(build.executable))
            {
                throw ValidationError("--variant-env \(build.name): \(problem)")
            }
        }
        return builds.map {
            BenchmarkVariant(
                name: $0.name, executable: $0.executable, environment: environments[$0.name] ?? [:],
                commit: commits[$0.name])
        }
    }
}
