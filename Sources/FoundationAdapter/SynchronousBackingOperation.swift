import Foundation
import QueueLabCore

/// A "non-concurrent" operation: Foundation's own `start()` runs `main()` and marks the operation
/// finished when it returns (or skips `main()` when cancelled before it started).
final class SynchronousBackingOperation: BackingOperation, @unchecked Sendable {
    // @unchecked Sendable: adds only an immutable `@Sendable` closure to its superclass.
    private let body: @Sendable (FoundationOperation) -> Void

    init(priority: QueueLabCore.QueuePriority, body: @escaping @Sendable (FoundationOperation) -> Void) {
        self.body = body
        super.init(priority: priority)
    }

    /// Foundation's queue calls `start()`; when it returns Foundation has marked the operation
    /// finished (waiters woken, dependents released, completion block dispatched).
    override func start() {
        super.start()
        didFinish()
    }

    override func main() {
        report(.executing)
        // Enqueued operations retain their wrapper until `didFinish`, so the owner is here.
        guard let owner else { return }
        body(owner)
    }
}
