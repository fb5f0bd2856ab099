/// One CSV row: where and how a sample ran, and its figures.
public struct SampleRecord: Sendable, Equatable {
    /// ISO 8601 UTC time the sample finished.
    public var timestamp: String
    /// Which binary produced it: `head` by default; `base`/`head` in a gate, any label with `--variant`.
    public var variant: String
    /// The short commit of the checkout holding the sampled binary, with `+dirty` when tracked files
    /// differed from it; `unknown` outside a git checkout.
    public var gitCommit: String
    /// The host name of the machine the sample ran on.
    public var host: String
    /// The active processors the sample saw, 1 to 8,192 (``ResultsFile/coresRange``); in simulated
    /// rows, `simulate --cores`.
    public var cores: Int
    /// The Swift version, from `swift --version` or `QUEUELAB_SWIFT_VERSION`; `unknown` when neither
    /// gives one.
    public var swiftVersion: String
    /// `debug` or `release`, as the sample process reported it; `sim:NAME` in rows `simulate` writes
    /// with the calibration `NAME`.
    public var buildConfiguration: String
    /// `system`, or `jemalloc` when the sample process found `mallctl`; `none` in simulated rows.
    public var allocator: String
    /// The implementation the sample measured (`lock`, `actor`, `foundation`, `dispatch`...);
    /// `sim:IMPLEMENTATION` in simulated rows.
    public var implementation: String
    /// The scheduling policy the queue was made with, as its full specification (`aging:step=1ms`),
    /// or empty: a queue without a policy seam (`foundation`, `dispatch`), or one made with its own
    /// default (no `--policy`; `lock` and `actor` then schedule as `strict`), as in every CSV
    /// written before the column existed.
    public var policy: String
    /// The workload kind (a ``WorkloadKind`` raw value, such as `noop`); its parameters are in
    /// ``parameters``.
    public var workload: String
    /// The workload's parameters, `key=value` joined by `;`, sorted by key.
    public var parameters: String
    /// The run's seed (sample order); the DAG's own seed is among the parameters.
    public var seed: UInt64
    /// The round the sample ran in (0-based, warm-up rounds are not written).
    public var round: Int
    /// Column name -> value, stored as one Double per ``Figure`` (see ``FigureValues``).
    public var figures: FigureValues

    /// A record with its figures by CSV column; columns that are not figures (not in ``Figure/all``)
    /// are dropped, and `policy` is empty for a queue without one.
    public init(
        timestamp: String, variant: String, gitCommit: String, host: String, cores: Int, swiftVersion: String,
        buildConfiguration: String, allocator: String, implementation: String, policy: String = "", workload: String,
        parameters: String, seed: UInt64, round: Int, figures: [String: Double]
    ) {
        self.timestamp = timestamp
        self.variant = variant
        self.gitCommit = gitCommit
        self.host = host
        self.cores = cores
        self.swiftVersion = swiftVersion
        self.buildConfiguration = buildConfiguration
        self.allocator = allocator
        self.implementation = implementation
        self.policy = policy
        self.workload = workload
        self.parameters = parameters
        self.seed = seed
        self.round = round
        self.figures = FigureValues(figures)
    }

    /// As the public initialiser, with the figures already in their compact form.
    init(
        timestamp: String, variant: String, gitCommit: String, host: String, cores: Int, swiftVersion: String,
        buildConfiguration: String, allocator: String, implementation: String, policy: String, workload: String,
        parameters: String, seed: UInt64, round: Int, values: FigureValues
    ) {
        self.init(
            timestamp: timestamp, variant: variant, gitCommit: gitCommit, host: host, cores: cores,
            swiftVersion: swiftVersion, buildConfiguration: buildConfiguration, allocator: allocator,
            implementation: implementation, policy: policy, workload: workload, parameters: parameters, seed: seed,
            round: round, figures: [:])
        self.figures = values
    }

    /// `lock`, or with a policy `lock[aging:step=1ms]`: the queue as reports name it.
    public var queueLabel: String { SampleRecord.queueLabel(implementation: implementation, policy: policy) }

    /// The queue as reports name it: `implementation` without a policy, else
    /// `implementation[policy]` (`lock[aging:step=1ms]`).
    public static func queueLabel(implementation: String, policy: String) -> String {
        policy.isEmpty ? implementation : "\(implementation)[\(policy)]"
    }

    /// What a comparison groups by: the same implementation, policy, workload and parameters. Without a
    /// policy it is the key CSVs had before the policy column, so old runs still match new ones.
    public var cellKey: String { "\(queueLabel) \(workload) \(parameters)" }
}
