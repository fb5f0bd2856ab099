import LockBasedQueue
import QueueLabCore
import TestTiers
import Testing

/// The README's "Using a queue" example, kept compiling and true.
@Suite(.onBlockingThreads) struct ReadmeExampleTests {
    @Test func exampleRunsDownloadThenResize() throws {
        let log = ProbeLog<String>()
        let queue = LockQueue(name: "images")
        queue.maxConcurrentOperationCount = 2
        let download = LockOperation(name: "download") { op in
            guard !op.isCancelled else { return }
            log.append("downloading")
        }
        let resize = LockOperation(name: "resize", priority: .high, body: .synchronous { _ in log.append("resizing") })
        try resize.addDependency(download)
        let completed = ProbeLatch()
        resize.completionHandler = {
            log.append("done")
            completed.open()
        }
        try queue.addOperations([resize, download], waitUntilFinished: false)
        if case .timedOut(let report) = queue.waitUntilAllOperationsAreFinished(timeout: probeBound) {
            Issue.record("\(report)")
        }
        #expect(completed.wait())
        #expect(log.snapshot == ["downloading", "resizing", "done"])
    }
}
