import Foundation
import FoundationAdapter
import QueueLabCore
import Synchronization
import TestTiers
import Testing

/// The observer trace of the adapter: forward only, per operation, causally consistent.
@Suite(.onBlockingThreads) struct FoundationObserverTests {
    /// Events of one operation, in the order they were made, must walk forward.
    private func expectForward(
        _ events: [OperationEvent], of name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let states = events.compactMap(\.state)
        #expect(
            zip(states, states.dropFirst()).allSatisfy { $0 < $1 }, "\(name): \(events)", sourceLocation: sourceLocation
        )
        #expect(states.last == .finished, "\(name): \(events)", sourceLocation: sourceLocation)
        #expect(events.filter { $0 == .cancelled }.count <= 1, "\(name): \(events)", sourceLocation: sourceLocation)
    }

    @Test func plainOperationReportsReadyExecutingFinished() throws {
        let queue = FoundationQueue(name: "trace")
        let trace = ProbeTrace()
        queue.setStateObserver(trace)
        let operation = FoundationOperation(name: "op") { _ in }
        try queue.addOperation(operation)
        #expect(trace.waitForFinished([operation.id]))
        #expect(trace.events(of: operation.id) == [.ready, .executing, .finished])
        let transitions = trace.all
        #expect(transitions.allSatisfy { $0.name == "op" && $0.priority == .normal })
        #expect(zip(transitions, transitions.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
    }

    @Test func dependentReportsPendingThenReadyAfterItsDependencyFinished() throws {
        let queue = FoundationQueue(name: "trace-deps")
        let trace = ProbeTrace()
        queue.setStateObserver(trace)
        let first = FoundationOperation(name: "first") { _ in }
        let second = FoundationOperation(name: "second") { _ in }
        try second.addDependency(first)
        try queue.addOperation(second)
        try queue.addOperation(first)
        #expect(trace.waitForFinished([first.id, second.id]))
        #expect(trace.events(of: second.id) == [.pending, .ready, .executing, .finished])
        let all = trace.all
        let firstFinished = try #require(all.firstIndex { $0.operation == first.id && $0.event == .finished })
        let secondReady = try #require(all.firstIndex { $0.operation == second.id && $0.event == .ready })
        #expect(firstFinished < secondReady)
    }

    @Test func cancelledOperationReportsCancelledAndFinishesWithoutExecuting() throws {
        let queue = FoundationQueue(name: "trace-cancel")
        let trace = ProbeTrace()
        queue.setStateObserver(trace)
        let blocker = FoundationOperation(name: "blocker") { _ in }
        let waiting = FoundationOperation(name: "waiting") { _ in }
        try waiting.addDependency(blocker)
        queue.isSuspended = true
        try queue.addOperations([blocker, waiting], waitUntilFinished: false)
        waiting.cancel()
        waiting.cancel()
        queue.isSuspended = false
        #expect(trace.waitForFinished([blocker.id, waiting.id]))
        #expect(trace.events(of: waiting.id) == [.pending, .cancelled, .ready, .finished])
    }

    @Test func manyOperationsWithDependenciesAndCancelsAllWalkForward() throws {
        let queue = FoundationQueue(name: "trace-stress")
        queue.maxConcurrentOperationCount = 3
        let trace = ProbeTrace()
        queue.setStateObserver(trace)
        var generator = SystemRandomNumberGenerator()
        let operations = (0..<300).map { index in
            index.isMultiple(of: 5)
                ? FoundationOperation(
                    name: "\(index)", priority: .normal,
                    body: .asynchronous { op in
                        DispatchQueue.global().async { try? op.finish() }
                    })
                : FoundationOperation(name: "\(index)") { _ in }
        }
        for index in operations.indices where index > 0 {
            for _ in 0..<2 {
                try operations[index].addDependency(operations[Int.random(in: 0..<index, using: &generator)])
            }
        }
        for batch in stride(from: 0, to: operations.count, by: 50) {
            try queue.addOperations(Array(operations[batch..<(batch + 50)]), waitUntilFinished: false)
            operations[batch + 7].cancel()
        }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(trace.waitForFinished(operations.map(\.id)))
        let all = trace.all
        var position: [OperationID: [OperationEvent: Int]] = [:]
        for (index, transition) in all.enumerated() {
            position[transition.operation, default: [:]][transition.event] = index
        }
        for operation in operations {
            expectForward(trace.events(of: operation.id), of: operation.name ?? "?")
            // A dependency is reported finished before its dependent starts.
            if let started = position[operation.id]?[.executing] {
                for dependency in operation.dependencies {
                    let finished = position[dependency.id]?[.finished] ?? .max
                    #expect(finished < started, "\(dependency.label) finished after \(operation.label) started")
                }
            }
        }
    }

    @Test func deliveryOrderIsForwardPerOperationToo() throws {
        let queue = FoundationQueue(name: "trace-delivery")
        let trace = ProbeTrace()
        queue.setStateObserver(trace)
        let operations = (0..<200).map { index in FoundationOperation(name: "\(index)") { _ in } }
        for index in operations.indices where index > 0 {
            try operations[index].addDependency(operations[index - 1])
        }
        try queue.addOperations(operations.reversed(), waitUntilFinished: false)
        #expect(trace.waitForFinished(operations.map(\.id)))
        let delivered = trace.delivered
        for (index, operation) in operations.enumerated() {
            let events = delivered.filter { $0.operation == operation.id }.map(\.event)
            let expected: [OperationEvent] =
                index == 0 ? [.ready, .executing, .finished] : [.pending, .ready, .executing, .finished]
            #expect(events == expected, "\(operation.label): \(events)")
        }
    }

    @Test func operationsAddedBeforeTheObserverOrAfterItsRemovalAreNotReported() throws {
        let queue = FoundationQueue(name: "trace-scope")
        let trace = ProbeTrace()
        queue.isSuspended = true
        let before = FoundationOperation(name: "before") { _ in }
        try queue.addOperation(before)
        queue.setStateObserver(trace)
        let during = FoundationOperation(name: "during") { _ in }
        try queue.addOperation(during)
        queue.setStateObserver(nil)
        let after = FoundationOperation(name: "after") { _ in }
        try queue.addOperation(after)
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(trace.waitForFinished([during.id]))
        #expect(Set(trace.all.map(\.operation)) == [during.id])
    }
}
