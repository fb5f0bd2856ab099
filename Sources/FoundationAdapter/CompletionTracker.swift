import Foundation

/// The queue's own count of unfinished work, for the bounded wait: Foundation's
/// `waitUntilAllOperationsAreFinished` cannot be bounded.
///
/// Work is counted before it is handed to Foundation and uncounted after Foundation marked it
/// finished, so the count never dips to zero while something added earlier is unfinished, and a
/// wait in progress also covers work added while it waits.
final class CompletionTracker: @unchecked Sendable {
    // @unchecked Sendable: `unfinished` is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var unfinished = 0

    func enter() {
        condition.lock()
        unfinished += 1
        condition.unlock()
    }

    func leave() {
        condition.lock()
        unfinished -= 1
        if unfinished == 0 {
            condition.broadcast()
        }
        condition.unlock()
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
