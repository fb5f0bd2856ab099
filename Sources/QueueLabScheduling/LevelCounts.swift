import QueueLabCore

/// A count per priority level, stored inline (an operation carries one: no allocation per
/// operation), with the highest level whose count is not zero.
struct LevelCounts: Sendable {
    private var counts: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0)

    subscript(level: Int) -> UInt32 {
        get {
            switch level {
            case 0: counts.0
            case 1: counts.1
            case 2: counts.2
            case 3: counts.3
            default: counts.4
            }
        }
        set {
            switch level {
            case 0: counts.0 = newValue
            case 1: counts.1 = newValue
            case 2: counts.2 = newValue
            case 3: counts.3 = newValue
            default: counts.4 = newValue
            }
        }
    }

    /// The highest level counted, or nil when every count is zero.
    var highest: Int? {
        if counts.4 > 0 { return 4 }
        if counts.3 > 0 { return 3 }
        if counts.2 > 0 { return 2 }
        if counts.1 > 0 { return 1 }
        if counts.0 > 0 { return 0 }
        return nil
    }
}
