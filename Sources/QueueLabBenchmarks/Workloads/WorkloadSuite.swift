/// Named sets of workloads and the size caps applied to slow implementations.
public enum WorkloadSuite {
    /// Every workload once, with the three `noop` widths and both `cancel` fractions: what
    /// `queuelab bench` runs when no `--workload` is given.
    public static let standard: [Workload] = [
        Workload(kind: .noop, parameters: ["width": 1]),
        Workload(kind: .noop, parameters: ["width": 2]),
        Workload(kind: .noop),
        Workload(kind: .cpu),
        Workload(kind: .chain),
        Workload(kind: .fanout),
        Workload(kind: .dag),
        Workload(kind: .priority),
        Workload(kind: .cancel, parameters: ["percent": 50]),
        Workload(kind: .cancel, parameters: ["percent": 100]),
        Workload(kind: .async),
        Workload(kind: .producers),
        Workload(kind: .exclusive),
        Workload(kind: .ping),
    ]

    /// A smaller version of ``standard`` for the quick main job (a couple of minutes in all).
    public static let quick: [Workload] = [
        Workload(kind: .noop, parameters: ["n": 50_000]),
        Workload(kind: .noop, parameters: ["n": 50_000, "width": 1]),
        Workload(kind: .cpu, parameters: ["n": 1_000]),
        Workload(kind: .chain, parameters: ["n": 20_000]),
        Workload(kind: .fanout, parameters: ["rounds": 50]),
        Workload(kind: .priority, parameters: ["n": 5_000]),
        Workload(kind: .cancel, parameters: ["n": 20_000]),
        Workload(kind: .async, parameters: ["n": 20_000]),
        Workload(kind: .producers, parameters: ["n": 50_000]),
        Workload(kind: .exclusive, parameters: ["n": 5_000]),
        Workload(kind: .ping, parameters: ["n": 500]),
    ]

    /// Foundation on Linux schedules in time quadratic in the number of waiting operations (a chain of
    /// 8k took 4.5 s), so its dependency workloads are cut to these sizes unless the caller opts out.
    public static let foundationCaps: [WorkloadKind: [String: Int]] = [
        .chain: ["n": 2_000],
        .dag: ["n": 2_000],
        .fanout: ["rounds": 20],
    ]

    /// The workload as `implementation` runs it: capped when the implementation is Foundation.
    /// Returns the workload and, when it was changed, a note saying so.
    public static func sized(_ workload: Workload, for implementation: String) -> (Workload, String?) {
        guard implementation == "foundation", let caps = foundationCaps[workload.kind] else { return (workload, nil) }
        var changes: [String: Int] = [:]
        for (key, cap) in caps where workload[key] > cap { changes[key] = cap }
        guard !changes.isEmpty else { return (workload, nil) }
        let capped = workload.with(changes)
        return (
            capped, "foundation runs \(workload.kind.rawValue) capped at \(capped.parameterText) (quadratic scheduling)"
        )
    }
}
