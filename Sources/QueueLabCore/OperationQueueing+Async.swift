import Dispatch

extension OperationQueueing {
    /// The bounded wait for async callers: the blocking wait runs on a thread outside Swift's
    /// cooperative pool, so awaiting it never starves the tasks that would finish the work.
    public func allOperationsFinished(timeout: Duration) async -> WaitOutcome {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.waitUntilAllOperationsAreFinished(timeout: timeout))
            }
        }
    }
}

extension QueueOperation {
    /// The bounded wait for async callers; see ``OperationQueueing/allOperationsFinished(timeout:)``.
    public func finished(timeout: Duration) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.waitUntilFinished(timeout: timeout))
            }
        }
    }
}
