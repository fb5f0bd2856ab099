import DispatchBaseline
import Foundation
import LockBasedQueue
import QueueLabCore
import TestTiers
import Testing

/// The examples of the DocC article "Handling QueueError" (QueueLabCore.docc/TypedThrows.md),
/// kept compiling and true: the article mirrors this file. Each test is one example of the article,
/// with the same code (where the article prints, a test appends to a log), followed by checks of
/// what the article says about its outcome. Change both together.
@Suite(.onBlockingThreads) struct TypedThrowsExamplesTests {
    // MARK: A typed `do`

    @Test func addOperationTwiceIsCaughtAsQueueError() {
        let queue = LockQueue(name: "images")
        let download = LockOperation(name: "download") { _ in }

        var message = ""
        do throws(QueueError) {
            try queue.addOperation(download)
            try queue.addOperation(download)  // misuse: it is already in a queue
        } catch {
            // `error` is a QueueError: no cast, and the switch needs no case for other errors.
            switch error {
            case .alreadyEnqueued(let operation), .alreadyStarted(let operation), .alreadyFinished(let operation):
                message = "\(operation) was added before"
            default:
                message = error.description
            }
        }

        #expect(message == "\(download.label) was added before")
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test func aRefusedBatchAddsNone() throws {
        let queue = LockQueue(name: "images")
        let resize = LockOperation(name: "resize") { _ in }

        var refusal: QueueError?
        do throws(QueueError) {
            try queue.addOperations([resize, resize], waitUntilFinished: true)
        } catch {
            refusal = error  // .alreadyEnqueued(resize): listed twice; neither copy was added
        }

        #expect(refusal == .alreadyEnqueued(resize.label))
        #expect(queue.operationCount == 0)
        try queue.addOperation(resize)
        #expect(resize.waitUntilFinished(timeout: probeBound))
    }

    @Test func aBoundedBatchWaitNamesWhatIsStuck() {
        let uploads = LockQueue(name: "uploads")
        uploads.isSuspended = true  // nothing starts, so the wait runs out
        let upload = LockOperation(name: "upload") { _ in }

        var stuck: [OperationLabel] = []
        do throws(QueueError) {
            switch try uploads.addOperations([upload], waitUntilFinishedWithin: .milliseconds(100)) {
            case .finished: break
            case .timedOut(let report): stuck = report.entries.map(\.operation)
            }
        } catch {
            stuck = []  // refused: nothing was added, nothing waited for
        }
        uploads.isSuspended = false

        #expect(stuck == [upload.label])
        #expect(upload.waitUntilFinished(timeout: probeBound))
    }

    @Test func aCycleIsRefusedWithItsMembers() {
        let fetch = LockOperation(name: "fetch") { _ in }
        let parse = LockOperation(name: "parse") { _ in }

        var cycle: [OperationLabel] = []
        do throws(QueueError) {
            try parse.addDependency(fetch)
            try fetch.addDependency(parse)  // would close fetch -> parse -> fetch
        } catch {
            if case .dependencyCycle(let members) = error { cycle = members }
        }

        #expect(Set(cycle) == [fetch.label, parse.label])
        #expect(fetch.dependencies.isEmpty)
    }

    // MARK: Closures

    @Test func anUnannotatedClosureWidensToAnyError() throws {
        let queue = LockQueue(name: "images")
        let download = LockOperation(name: "download") { _ in }
        let resize = LockOperation(name: "resize") { _ in }

        // Inferred as `() throws -> Void`: the closure's error type is `any Error`.
        let setUp = {
            try resize.addDependency(download)
            try queue.addOperations([resize, download, download], waitUntilFinished: false)
        }
        var refusal: QueueError?
        do {
            try setUp()
        } catch let error as QueueError {
            refusal = error
        } catch {
            // Never reached (only QueueError is thrown inside), but `any Error` makes it required.
        }

        #expect(refusal == .alreadyEnqueued(download.label))
        try queue.addOperations([resize, download], waitUntilFinished: false)
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test func anAnnotatedClosureStaysTyped() {
        let log = ProbeLog<String>()
        let queue = LockQueue(name: "images")
        let download = LockOperation(name: "download") { _ in }
        let resize = LockOperation(name: "resize") { _ in }

        // Annotated: the error stays a QueueError through the closure.
        let setUp = { () throws(QueueError) -> Void in
            try resize.addDependency(download)
            try queue.addOperations([resize, download], waitUntilFinished: false)
            try queue.addOperation { log.append("block") }
            try queue.addBarrierBlock { log.append("barrier") }
        }
        var refusal: QueueError?
        do throws(QueueError) {
            try setUp()
        } catch {
            refusal = error
        }

        #expect(refusal == nil)
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(log.snapshot == ["block", "barrier"])
    }

    @Test func resultKeepsTheErrorType() {
        let queue = LockQueue(name: "images")
        let download = LockOperation(name: "download") { _ in }

        let first = Result { () throws(QueueError) in try queue.addOperation(download) }
        let second = Result { () throws(QueueError) in try queue.addOperation(download) }
        // `second` is a Result<Void, QueueError>: .failure(.alreadyEnqueued(download)) or, if the
        // operation finished in between, .failure(.alreadyFinished(download)).

        #expect((try? first.get()) != nil)
        switch second {
        case .success:
            Issue.record("a second add succeeded")
        case .failure(let error):
            #expect([.alreadyEnqueued(download.label), .alreadyFinished(download.label)].contains(error))
        }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test func finishInsideAnAsynchronousBody() throws {
        let uploads = LockQueue(name: "uploads")
        let failures = ProbeLog<QueueError>()
        let upload = LockOperation(
            name: "upload", priority: .normal,
            body: .asynchronous { operation in
                DispatchQueue.global().async {
                    // ... the work ...
                    // A body cannot throw: handle the error where `finish()` is called.
                    do throws(QueueError) {
                        try operation.finish()
                    } catch {
                        failures.append(error)
                    }
                }
            })
        try uploads.addOperation(upload)
        #expect(upload.waitUntilFinished(timeout: probeBound))

        let again = Result { () throws(QueueError) in try upload.finish() }
        // .failure(.notExecuting(upload)): it finished already.

        #expect(failures.snapshot.isEmpty)
        guard case .failure(let error) = again else {
            Issue.record("finish() on a finished operation succeeded")
            return
        }
        #expect(error == .notExecuting(upload.label))
    }

    @Test(arguments: [true, false])
    func aBarrierOnAQueueWithoutBarriers(_ withBarriers: Bool) throws {
        let log = ProbeLog<String>()
        let added: Bool
        if withBarriers {
            let queue = LockQueue(name: "with barriers")
            added = addBarrierIfSupported(to: queue) { log.append("barrier") }
            #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
            #expect(log.snapshot == ["barrier"])
        } else {
            added = addBarrierIfSupported(to: DispatchBaselineQueue(name: "without")) { log.append("barrier") }
            #expect(log.snapshot.isEmpty)
        }
        #expect(added == withBarriers)
    }

    /// The article's generic example: any queue, whether or not it has barriers.
    private func addBarrierIfSupported<Q: OperationQueueing>(
        to queue: Q, _ block: @escaping @Sendable () -> Void
    ) -> Bool {
        do throws(QueueError) {
            try queue.addBarrierBlock(block)
            return true
        } catch {
            // .unsupported("barriers") from a queue without the `barriers` capability.
            return false
        }
    }

    // MARK: In a test

    @Test func expectThrowsTakesTheErrorValue() throws {
        let queue = LockQueue(name: "images")
        queue.isSuspended = true
        let download = LockOperation(name: "download") { _ in }
        try queue.addOperation(download)
        #expect(throws: QueueError.alreadyEnqueued(download.label)) {
            try queue.addOperation(download)
        }
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }
}
