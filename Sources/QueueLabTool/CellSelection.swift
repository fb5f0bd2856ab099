import QueueLabBenchmarks
import QueueLabCore
import QueueLabRegistry
import QueueLabScheduling

/// Which implementations, policies and workloads a run measures, checked against the tool's
/// registry: `bench` and `gate` apply this one rule, so the gate can refuse what its bench would,
/// before it builds anything.
enum CellSelection {
    /// Without `names`: every implementation, or with policies only those that take one (leaving
    /// `foundation` out is not refusing it). A named implementation must exist and, with policies,
    /// take one.
    ///
    /// - Throws: a message naming the option, the value and what is allowed.
    static func implementations(
        named names: [String], policies: [String], registry: ImplementationRegistry, option: String = "--impl"
    ) throws(SelectionError) -> [any OperationQueueing.Type] {
        guard !names.isEmpty else {
            guard !policies.isEmpty else { return registry.all }
            return registry.all.filter { registry.policyTakers.contains($0.implementationName) }
        }
        var types: [any OperationQueueing.Type] = []
        for name in names {
            do {
                types.append(try registry.named(name))
            } catch {
                throw SelectionError("\(option) \(name): \(error)")
            }
            if !policies.isEmpty, !registry.policyTakers.contains(name) {
                throw SelectionError(
                    "\(option) \(name) with --policy: \(PolicyNotTaken(implementation: name, takers: registry.policyTakers))"
                )
            }
        }
        return types
    }

    /// `--policy` values as full specifications; a value that names no policy at all (`','`) is
    /// refused rather than run as no policy.
    static func policies(_ values: [String], registry: ImplementationRegistry) throws(SelectionError) -> [String] {
        let specifications: [String]
        do {
            specifications = try registry.policySpecifications(values)
        } catch {
            throw SelectionError("--policy: \(error)")
        }
        if !values.isEmpty, specifications.isEmpty {
            throw SelectionError(
                "--policy '\(values.joined(separator: ","))' names no policy; valid: "
                    + registry.policies.map(\.name).joined(separator: ", "))
        }
        return specifications
    }

    /// Each workload text, as bench reads it (an open-loop rate sweep is several workloads).
    static func workloads(_ texts: [String]) throws(SelectionError) -> [(text: String, workload: Workload)] {
        var parsed: [(text: String, workload: Workload)] = []
        for text in texts {
            do {
                parsed += try OpenLoopSweep.workloads(parsing: text).map { (text, $0) }
            } catch {
                throw SelectionError("workload '\(text)': \(error.message)")
            }
        }
        return parsed
    }

    /// Every workload must run on at least one of the implementations, and every implementation
    /// named explicitly must run at least one of the workloads: otherwise it names a cell that
    /// would only be skipped, a mistake found after the builds if not now.
    static func checkRunnable(
        _ workloads: [(text: String, workload: Workload)], on types: [any OperationQueueing.Type],
        namedExplicitly: Bool,
        workloadOption: String = "--workload", implementationOption: String = "--impl"
    ) throws(SelectionError) {
        guard !types.isEmpty else { return }
        for (text, workload) in workloads {
            let reasons = types.compactMap { type in
                workload.unsupportedReason(for: type.capabilities).map { "\(type.implementationName): \($0)" }
            }
            if reasons.count == types.count {
                throw SelectionError(
                    "\(workloadOption) \(text) runs on none of the implementations (\(reasons.joined(separator: "; ")))"
                )
            }
        }
        guard namedExplicitly else { return }
        for type in types {
            let reasons = workloads.compactMap { $0.workload.unsupportedReason(for: type.capabilities) }
            if reasons.count == workloads.count, let first = reasons.first {
                throw SelectionError(
                    "\(implementationOption) \(type.implementationName) can run none of the workloads (\(first))")
            }
        }
    }
}

/// What a run's selection refuses, on one line.
struct SelectionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
