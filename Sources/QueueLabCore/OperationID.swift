import Synchronization

/// A process-wide unique identity for an operation, in creation order.
public struct OperationID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    private static let counter = Atomic<UInt64>(0)

    /// A fresh identity; every implementation takes its operations' identities from here so that
    /// traces from several queues (and implementations) never collide.
    public static func next() -> OperationID {
        OperationID(rawValue: counter.add(1, ordering: .relaxed).newValue)
    }

    public static func < (lhs: OperationID, rhs: OperationID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}

/// What a report says about an operation: its identity and, if it has one, its name.
public struct OperationLabel: Hashable, Sendable, CustomStringConvertible {
    /// The operation's identity.
    public let id: OperationID
    /// The operation's name; nil when it has none.
    public let name: String?

    /// The label of the operation `id`, named `name` (nil: unnamed).
    public init(id: OperationID, name: String?) {
        self.id = id
        self.name = name
    }

    public var description: String { name.map { "\($0)\(id)" } ?? "\(id)" }
}
