/// The five priority levels of `NSOperation.QueuePriority`, with Foundation's raw values.
///
/// Among *ready* operations a queue starts the highest priority first, and among equal
/// priorities the one added first.
public enum QueuePriority: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    case veryLow = -8
    case low = -4
    case normal = 0
    case high = 4
    case veryHigh = 8

    /// Position of the level from `veryLow` (0) to `veryHigh` (4): an index into per-level lists.
    @inlinable
    public var level: Int { (rawValue + 8) / 4 }

    /// The priority at `level`, from 0 (`veryLow`) to 4 (`veryHigh`); a level outside that range
    /// gives `normal`.
    @inlinable
    public init(level: Int) {
        self = QueuePriority(rawValue: level * 4 - 8) ?? .normal
    }

    public static func < (lhs: QueuePriority, rhs: QueuePriority) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .veryLow: "veryLow"
        case .low: "low"
        case .normal: "normal"
        case .high: "high"
        case .veryHigh: "veryHigh"
        }
    }
}
