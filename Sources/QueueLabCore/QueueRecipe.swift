/// How the conformance suite and the benchmark runner make the queues they check and measure: the
/// queue type, and what was chosen for it when it is made (a scheduling policy). Chosen once, by
/// whoever starts the run, and carried as this one value; the suite and the runner know nothing of
/// policies beyond the ``PolicyDeclaration`` it carries.
///
/// ``QueueMaker`` is the recipe to use; the protocol lets a run hold recipes of different queue
/// types in one list (`[any QueueRecipe]`).
public protocol QueueRecipe<Queue>: Sendable {
    /// The type of the queues the recipe makes.
    associatedtype Queue: OperationQueueing
    /// The policy every queue is made with; nil for a queue that has no policy seam (it keeps its
    /// own order: Foundation's, Dispatch's) or was made with its default.
    var policy: PolicyDeclaration? { get }
    /// A new queue named `name` (nil: unnamed), made with ``policy`` when there is one.
    func makeQueue(name: String?) -> Queue
}

extension QueueRecipe {
    /// `lock` or, with a policy, `lock[aging(step=2ms)]`: how reports label what was run.
    public var label: String {
        policy.map { "\(Queue.implementationName)[\($0)]" } ?? Queue.implementationName
    }

    /// The orderings its queues promise: the policy's, or Foundation's (strict priority, FIFO
    /// within a level) for a queue that keeps its own order, which is the contract every queue
    /// without a policy seam is checked against.
    public var promises: OrderingPromises { policy?.promises ?? .operationQueue }
}

/// A ``QueueRecipe``: `Queue(name:)`, or a closure that makes the queue with a policy.
public struct QueueMaker<Queue: OperationQueueing>: QueueRecipe {
    /// The policy of the queues `make` makes; nil for queues made by `Queue(name:)`.
    public let policy: PolicyDeclaration?
    private let make: @Sendable (String?) -> Queue

    /// Queues made by `Queue(name:)`, in their own order.
    public init(_ type: Queue.Type = Queue.self) {
        policy = nil
        make = { Queue(name: $0) }
    }

    /// Queues made by `make`, which must give every queue the policy `policy` declares.
    public init(policy: PolicyDeclaration, make: @escaping @Sendable (String?) -> Queue) {
        self.policy = policy
        self.make = make
    }

    /// A new queue named `name` (nil: unnamed), made with ``policy`` when there is one.
    public func makeQueue(name: String?) -> Queue { make(name) }
}
