import Foundation
import FoundationAdapter
import QueueLabCore
import TestTiers
import Testing

/// Where Foundation crashes or hangs (see FoundationBehaviourProbeTests), the adapter throws.
@Suite(.onBlockingThreads) struct FoundationMisuseTests {
    @Test func addingAQueuedOperationAgainThrowsAlreadyEnqueued() throws {
        let queue = FoundationQueue(name: "twice")
        let other = FoundationQueue(name: "other")
        queue.isSuspended = true
        let operation = FoundationOperation(name: "op") { _ in }
        try queue.addOperation(operation)
        #expect(throws: QueueError.alreadyEnqueued(operation.label)) { try queue.addOperation(operation) }
        #expect(throws: QueueError.alreadyEnqueued(operation.label)) { try other.addOperation(operation) }
        #expect(queue.operationCount == 1)
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test func addingAnExecutingOperationThrowsAlreadyStarted() throws {
        let queue = FoundationQueue(name: "executing")
        let started = ProbeLatch()
        let operation = FoundationOperation(name: "op", priority: .normal, body: .asynchronous { _ in started.open() })
        try queue.addOperation(operation)
        #expect(started.wait())
        #expect(throws: QueueError.alreadyStarted(operation.label)) { try FoundationQueue().addOperation(operation) }
        try operation.finish()
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test func addingAFinishedOperationThrowsAlreadyFinished() throws {
        let queue = FoundationQueue(name: "finished")
        let operation = FoundationOperation(name: "op") { _ in }
        try queue.addOperation(operation)
        #expect(operation.waitUntilFinished(timeout: probeBound))
        #expect(throws: QueueError.alreadyFinished(operation.label)) { try queue.addOperation(operation) }
    }

    @Test func aRefusedBatchAddsNothing() throws {
        let queue = FoundationQueue(name: "batch")
        queue.isSuspended = true
        let queued = FoundationOperation(name: "queued") { _ in }
        try queue.addOperation(queued)
        let fresh = (0..<3).map { index in FoundationOperation(name: "fresh\(index)") { _ in } }
        #expect(throws: QueueError.alreadyEnqueued(queued.label)) {
            try queue.addOperations(fresh + [queued], waitUntilFinished: false)
        }
        // Listed twice in one batch: Foundation would crash on the second.
        #expect(throws: QueueError.alreadyEnqueued(fresh[0].label)) {
            try queue.addOperations([fresh[0], fresh[1], fresh[0]], waitUntilFinished: false)
        }
        #expect(queue.operationCount == 1)
        // Nothing was taken: the same operations can still be added.
        try queue.addOperations(fresh, waitUntilFinished: false)
        #expect(queue.operationCount == 4)
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test func addingACancelledOperationBehindAPendingBarrierIsRefused() throws {
        let queue = FoundationQueue(name: "cancelled-behind-barrier")
        queue.isSuspended = true
        try queue.addOperation(FoundationOperation(name: "before") { _ in })
        try queue.addBarrierBlock {}
        let cancelled = FoundationOperation(name: "cancelled") { _ in }
        cancelled.cancel()
        let thrown = ProbeLog<QueueError>()
        let returned = returnsWithin(probeBound) {
            do throws(QueueError) {
                try queue.addOperation(cancelled)
            } catch {
                thrown.append(error)
            }
        }
        #expect(returned)
        #expect(thrown.snapshot.count == 1)
        if case .refused(let why) = thrown.snapshot.first {
            #expect(why.contains("cancelled#\(cancelled.id.rawValue)"))
        } else {
            Issue.record("expected .refused, got \(thrown.snapshot)")
        }
        #expect(throws: QueueError.self) {
            try queue.addOperations([FoundationOperation { _ in }, cancelled], waitUntilFinished: false)
        }
        #expect(queue.operationCount == 1)
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        // Once the barrier finished, Foundation takes it.
        try queue.addOperation(cancelled)
        #expect(cancelled.waitUntilFinished(timeout: probeBound))
    }

    @Test func selfDependencyThrowsWithoutHanging() {
        let operation = FoundationOperation(name: "self") { _ in }
        let thrown = ProbeLog<QueueError>()
        let returned = returnsWithin(probeBound) {
            do throws(QueueError) {
                try operation.addDependency(operation)
            } catch {
                thrown.append(error)
            }
        }
        #expect(returned)
        #expect(thrown.snapshot == [.dependencyCycle(members: [operation.label])])
        #expect(operation.dependencies.isEmpty)
        #expect(operation.state == .ready)
    }

    @Test func finishOnASynchronousOperationThrowsNotAsynchronous() throws {
        let operation = FoundationOperation(name: "sync") { _ in }
        #expect(throws: QueueError.notAsynchronous(operation.label)) { try operation.finish() }
        let queue = FoundationQueue(name: "sync-finish")
        let inside = ProbeLog<QueueError>()
        let running = FoundationOperation(name: "running") { op in
            do throws(QueueError) { try op.finish() } catch { inside.append(error) }
        }
        try queue.addOperation(running)
        #expect(running.waitUntilFinished(timeout: probeBound))
        #expect(inside.snapshot == [.notAsynchronous(running.label)])
    }

    @Test func finishOnANonExecutingOperationThrowsNotExecuting() throws {
        let started = ProbeLatch()
        let operation = FoundationOperation(
            name: "async", priority: .normal, body: .asynchronous { _ in started.open() })
        #expect(throws: QueueError.notExecuting(operation.label)) { try operation.finish() }
        let queue = FoundationQueue(name: "not-executing")
        queue.isSuspended = true
        try queue.addOperation(operation)
        #expect(throws: QueueError.notExecuting(operation.label)) { try operation.finish() }
        queue.isSuspended = false
        #expect(started.wait())
        try operation.finish()
        #expect(throws: QueueError.notExecuting(operation.label)) { try operation.finish() }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }
}
