import Foundation
import QueueLabCore

/// The queue's own count of unfinished work, for the bounded wait: Foundation's
/// `waitUntilAllOperationsAreFinished` cannot be bounded.
///
/// Work is counted before it is handed to Foundation and uncounted after Foundation marked it
/// finished, so the count never dips to zero while something added earlier is unfinished, and a
/// wait in progress also covers work added while it waits.
///
/// It also keeps the queue alive while work is unfinished: Foundation's `OperationQueue` lives
/// on while its operations run, but nothing of Foundation's holds the adapter around it.
final class CompletionTracker: @unchecked Sendable {
    // @unchecked Sendable: `unfinished` and `ownerWhileBusy` are read and written only with
    // `condition` locked; `owner` is a weak reference, safe to load from any thread.
    private let condition = NSCondition()
    private var unfinished = 0
    /// The queue, set once after it was initialised.
    weak var owner: AnyObject?
    private var ownerWhileBusy: AnyObject?

    /// Called by the queue (which is alive while it adds), so `owner` is never nil here.
    func enter() {
        condition.lock()
        if unfinished == 0 { ownerWhileBusy = owner }
        unfinished += 1
        condition.unlock()
    }

    func leave() {
        condition.lock()
        unfinished -= 1
        var idleOwner: AnyObject?
        if unfinished == 0 {
            condition.broadcast()
            swap(&idleOwner, &ownerWhileBusy)
        }
        condition.unlock()
        _ = idleOwner  // The queue may be freed here, after the lock.
    }

    /// - Returns: whether the count reached zero before `timeout` passed.
    func waitUntilIdle(timeout: Duration) -> Bool {
        let deadline = Deadline(after: timeout)
        condition.lock()
        defer { condition.unlock() }
        while unfinished > 0 {
            if !deadline.wait(on: condition) {
                return false
            }
        }
        return true
    }
}
