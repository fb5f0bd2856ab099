/// How hard the suite pushes: iterations, sizes and the time bound of each check.
public enum ConformanceLevel: String, Sendable, CaseIterable, CustomStringConvertible {
    /// For CI: every check a few times, small graphs; all three implementations in well under a minute.
    case quick
    /// More iterations and larger graphs.
    case `default`
    /// Minutes: many iterations, large graphs, start barriers forcing bodies to overlap.
    case stress

    public var description: String { rawValue }

    /// The bound of one check: every wait inside it shares this budget, so a queue that never runs
    /// anything costs at most this much per check before the check ends STALE.
    public var timeBound: Duration {
        switch self {
        case .quick: .seconds(4)
        case .default: .seconds(8)
        case .stress: .seconds(30)
        }
    }

    /// How many times a check repeats its scenario (each time with a fresh split of the seed).
    public var iterations: Int {
        switch self {
        case .quick: 2
        case .default: 4
        case .stress: 40
        }
    }

    /// Repetitions of the races (cancel against start, many operations at once).
    public var raceRepetitions: Int {
        switch self {
        case .quick: 30
        case .default: 100
        case .stress: 2_000
        }
    }

    /// Internal sizes past which a queue's FIFO order within a priority level could break (a fixed
    /// ring, an index that wraps, a small-buffer optimisation): `priority.fifo` queues one level
    /// past each of them, by a few operations at least, one boundary per iteration.
    public var fifoBoundaries: [Int] {
        switch self {
        case .quick: [16, 64, 256]
        case .default: [64, 256, 1_024, 4_096]
        case .stress: [16, 64, 256, 1_024, 4_096, 16_384, 65_536]
        }
    }

    /// Operations of random priority that `priority.order` adds after Foundation's measured ten:
    /// hundreds per level from `default` on.
    public var mixedPriorityOperations: ClosedRange<Int> {
        switch self {
        case .quick: 40...200
        case .default: 1_000...2_000
        case .stress: 2_000...8_000
        }
    }

    /// Repetitions of `priority.order`: its large queues make the level's iterations too slow at stress.
    public var mixedPriorityIterations: Int { min(iterations, 6) }

    /// Operations in a random graph.
    public var graphSize: ClosedRange<Int> {
        switch self {
        case .quick: 4...12
        case .default: 6...24
        case .stress: 20...120
        }
    }

    /// Whether bodies meet at start barriers so that they truly overlap.
    public var forcesOverlap: Bool { self == .stress }

    /// How long a negative observation lasts ("nothing starts while suspended").
    public var observationWindow: Duration {
        switch self {
        case .quick: .milliseconds(20)
        case .default: .milliseconds(40)
        case .stress: .milliseconds(100)
        }
    }
}
