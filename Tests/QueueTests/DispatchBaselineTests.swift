import DispatchBaseline
import Foundation
import QueueLabCore
import Synchronization
import TestTiers
import Testing

/// The floor: one `DispatchQueue.async` per operation, with what the protocol needs and no more.
@Suite(.onBlockingThreads) struct DispatchBaselineTests {
    @Test func declaresOnlyWhatItDoes() {
        #expect(DispatchBaselineQueue.implementationName == "dispatch")
        #expect(DispatchBaselineQueue.capabilities == [.asynchronousOperations, .cancellation, .width])
        #expect(DispatchBaselineQueue().maxConcurrentOperationCount == defaultMaxConcurrentOperationCount)
    }

    @Test func runsEveryOperationOnce() throws {
        let queue = DispatchBaselineQueue(name: "floor")
        let count = Atomic<Int>(0)
        let completions = Atomic<Int>(0)
        for _ in 0..<2000 {
            let operation = DispatchBaselineOperation { _ in count.add(1, ordering: .relaxed) }
            operation.completionHandler = { completions.add(1, ordering: .relaxed) }
            try queue.addOperation(operation)
        }
        try queue.addOperation { count.add(1, ordering: .relaxed) }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(count.load(ordering: .relaxed) == 2001)
        // Completion handlers run inline before the operation leaves the count.
        #expect(completions.load(ordering: .relaxed) == 2000)
        #expect(queue.operationCount == 0)
    }

    @Test func stateMovesForwardAndIsExecutingInsideTheBody() throws {
        let queue = DispatchBaselineQueue(name: "state")
        let inside = ProbeLog<OperationState>()
        let operation = DispatchBaselineOperation(name: "op") { op in inside.append(op.state) }
        #expect(operation.state == .pending)
        try queue.addOperation(operation)
        #expect(operation.waitUntilFinished(timeout: probeBound))
        #expect(inside.snapshot == [.executing])
        #expect(operation.state == .finished)
    }

    @Test func widthOneRunsInSubmissionOrderOneAtATime() throws {
        let queue = DispatchBaselineQueue(name: "serial")
        queue.maxConcurrentOperationCount = 1
        let order = ProbeLog<Int>()
        let running = Atomic<Int>(0)
        let peak = Atomic<Int>(0)
        for index in 0..<200 {
            try queue.addOperation(
                DispatchBaselineOperation(
                    name: "\(index)", priority: index.isMultiple(of: 2) ? .veryHigh : .veryLow,
                    body: .synchronous { _ in
                        _ = peak.max(running.add(1, ordering: .relaxed).newValue, ordering: .relaxed)
                        order.append(index)
                        running.subtract(1, ordering: .relaxed)
                    }))
        }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        // Priorities are ignored: submission order.
        #expect(order.snapshot == Array(0..<200))
        #expect(peak.load(ordering: .relaxed) == 1)
    }

    @Test func widthOfTwoLanesIsReachedAndNeverExceeded() throws {
        let queue = DispatchBaselineQueue(name: "lanes")
        queue.maxConcurrentOperationCount = 2
        let running = Atomic<Int>(0)
        let peak = Atomic<Int>(0)
        let bothIn = ProbeLatch()
        for _ in 0..<40 {
            try queue.addOperation(
                DispatchBaselineOperation { _ in
                    let now = running.add(1, ordering: .sequentiallyConsistent).newValue
                    _ = peak.max(now, ordering: .sequentiallyConsistent)
                    // The first two meet (the width is reached); nobody waits longer than the bound.
                    if now == 2 { bothIn.open() }
                    bothIn.wait(timeout: probeBound)
                    running.subtract(1, ordering: .sequentiallyConsistent)
                })
        }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(peak.load(ordering: .sequentiallyConsistent) == 2)
    }

    @Test func asynchronousOperationHoldsTheSerialSlotUntilFinish() throws {
        let queue = DispatchBaselineQueue(name: "serial-async")
        queue.maxConcurrentOperationCount = 1
        let order = ProbeLog<String>()
        let started = ProbeLatch()
        let first = DispatchBaselineOperation(
            name: "first", priority: .normal,
            body: .asynchronous { _ in
                order.append("first started")
                started.open()
            })
        let second = DispatchBaselineOperation(name: "second") { _ in order.append("second") }
        try queue.addOperation(first)
        try queue.addOperation(second)
        #expect(started.wait())
        #expect(first.state == .executing)
        #expect(!second.waitUntilFinished(timeout: .milliseconds(200)))
        order.append("finish")
        DispatchQueue.global().async { try? first.finish() }
        #expect(second.waitUntilFinished(timeout: probeBound))
        #expect(order.snapshot == ["first started", "finish", "second"])
        #expect(throws: QueueError.notExecuting(first.label)) { try first.finish() }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test func asynchronousOperationFinishedInsideItsBodyReleasesTheSlot() throws {
        let queue = DispatchBaselineQueue(name: "serial-inline")
        queue.maxConcurrentOperationCount = 1
        let count = Atomic<Int>(0)
        for _ in 0..<100 {
            try queue.addOperation(
                DispatchBaselineOperation(
                    name: nil, priority: .normal,
                    body: .asynchronous { op in
                        count.add(1, ordering: .relaxed)
                        try? op.finish()
                    }))
        }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(count.load(ordering: .relaxed) == 100)
    }

    @Test func cancelledBeforeStartSkipsItsBodyAndCompletesOnce() throws {
        let queue = DispatchBaselineQueue(name: "cancel")
        queue.maxConcurrentOperationCount = 1
        let started = ProbeLatch()
        let release = ProbeLatch()
        let ran = ProbeLog<String>()
        let completions = ProbeCounter()
        let blocker = DispatchBaselineOperation(name: "blocker") { _ in
            started.open()
            release.wait()
        }
        let cancelled = DispatchBaselineOperation(name: "cancelled") { _ in ran.append("cancelled") }
        cancelled.completionHandler = { completions.increment() }
        try queue.addOperation(blocker)
        try queue.addOperation(cancelled)
        #expect(started.wait())
        cancelled.cancel()
        release.open()
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(ran.snapshot.isEmpty)
        #expect(cancelled.state == .finished && cancelled.isCancelled)
        #expect(completions.value == 1)
    }

    @Test func cancelAllReachesQueuedAndRunningOperationsOnly() throws {
        let queue = DispatchBaselineQueue(name: "cancel-all")
        queue.maxConcurrentOperationCount = 1
        let started = ProbeLatch()
        let release = ProbeLatch()
        let seen = ProbeLog<String>()
        let done = DispatchBaselineOperation(name: "done") { _ in }
        try queue.addOperation(done)
        #expect(done.waitUntilFinished(timeout: probeBound))
        let running = DispatchBaselineOperation(name: "running") { op in
            started.open()
            release.wait()
            seen.append(op.isCancelled ? "running saw cancel" : "running")
        }
        let queued = DispatchBaselineOperation(name: "queued") { _ in seen.append("queued") }
        try queue.addOperation(running)
        try queue.addOperation(queued)
        #expect(started.wait())
        queue.cancelAllOperations()
        release.open()
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(seen.snapshot == ["running saw cancel"])
        #expect(running.isCancelled && queued.isCancelled && !done.isCancelled)
        let later = DispatchBaselineOperation(name: "later") { _ in seen.append("later") }
        try queue.addOperation(later)
        #expect(later.waitUntilFinished(timeout: probeBound))
        #expect(!later.isCancelled)
    }

    @Test func unsupportedFeaturesThrowOrAreDocumentedNoOps() throws {
        let queue = DispatchBaselineQueue(name: "unsupported")
        let a = DispatchBaselineOperation(name: "a") { _ in }
        let b = DispatchBaselineOperation(name: "b") { _ in }
        #expect(throws: QueueError.unsupported("dependencies")) { try a.addDependency(b) }
        a.removeDependency(b)
        #expect(a.dependencies.isEmpty)
        #expect(throws: QueueError.unsupported("barriers")) { try queue.addBarrierBlock {} }
        queue.isSuspended = true
        #expect(!queue.isSuspended)
        queue.maxConcurrentOperationCount = 4
        #expect(queue.maxConcurrentOperationCount == 4)
        queue.maxConcurrentOperationCount = 0
        queue.maxConcurrentOperationCount = -5
        #expect(queue.maxConcurrentOperationCount == 4)
        queue.maxConcurrentOperationCount = -1
        #expect(queue.maxConcurrentOperationCount == -1)
        a.queuePriority = .veryHigh
        #expect(a.queuePriority == .veryHigh)
        #expect(queue.operations.isEmpty)
    }

    @Test func misuseThrows() throws {
        let queue = DispatchBaselineQueue(name: "misuse")
        let done = DispatchBaselineOperation(name: "done") { _ in }
        try queue.addOperation(done)
        #expect(done.waitUntilFinished(timeout: probeBound))
        #expect(throws: QueueError.alreadyFinished(done.label)) { try queue.addOperation(done) }
        #expect(throws: QueueError.notAsynchronous(done.label)) { try done.finish() }

        let started = ProbeLatch()
        let running = DispatchBaselineOperation(
            name: "running", priority: .normal, body: .asynchronous { _ in started.open() })
        #expect(throws: QueueError.notExecuting(running.label)) { try running.finish() }
        try queue.addOperation(running)
        #expect(started.wait())
        #expect(throws: QueueError.alreadyStarted(running.label)) { try queue.addOperation(running) }
        let fresh = DispatchBaselineOperation(name: "fresh") { _ in }
        #expect(throws: QueueError.alreadyStarted(running.label)) {
            try queue.addOperations([fresh, running], waitUntilFinished: false)
        }
        #expect(fresh.state == .pending)
        try running.finish()
        try queue.addOperations([fresh], waitUntilFinished: true)
        #expect(fresh.state == .finished)
    }

    @Test func boundedWaitTimesOutOnAnUnfinishedAsynchronousOperation() throws {
        let queue = DispatchBaselineQueue(name: "stalled")
        let started = ProbeLatch()
        let operation = DispatchBaselineOperation(
            name: "never", priority: .normal, body: .asynchronous { _ in started.open() })
        try queue.addOperation(operation)
        #expect(started.wait())
        let outcome = queue.waitUntilAllOperationsAreFinished(timeout: .milliseconds(100))
        guard case .timedOut(let report) = outcome else {
            Issue.record("expected a time-out, got \(outcome)")
            return
        }
        #expect(report.queueName == "stalled")
        #expect(queue.operationCount == 1)
        #expect(!operation.waitUntilFinished(timeout: .milliseconds(50)))
        try operation.finish()
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(returnsWithin(probeBound) { queue.waitUntilAllOperationsAreFinished() })
    }
}
