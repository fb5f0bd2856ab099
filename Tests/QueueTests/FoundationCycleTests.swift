import Foundation
import FoundationAdapter
import QueueLabCore
import TestTiers
import Testing

/// Cycles longer than a self-dependency pass through to Foundation: it never runs their members.
@Suite(.onBlockingThreads) struct FoundationCycleTests {
    @Test func twoCycleDeadlocksReportsItsMembersAndCancellingOneReleasesTheOther() throws {
        let queue = FoundationQueue(name: "cycle")
        let ran = ProbeLog<String>()
        let a = FoundationOperation(name: "a") { _ in ran.append("a") }
        let b = FoundationOperation(name: "b") { _ in ran.append("b") }
        let outsider = FoundationOperation(name: "outsider") { _ in ran.append("outsider") }
        try a.addDependency(b)
        try b.addDependency(a)
        try queue.addOperations([a, b, outsider], waitUntilFinished: false)
        #expect(outsider.waitUntilFinished(timeout: probeBound))

        let outcome = queue.waitUntilAllOperationsAreFinished(timeout: .milliseconds(200))
        guard case .timedOut(let report) = outcome else {
            Issue.record("a 2-cycle finished: \(outcome)")
            return
        }
        #expect(report.entries.map(\.operation) == [a.label, b.label])
        #expect(report.entries.map(\.state) == [.pending, .pending])
        #expect(report.entries[0].unmetDependencies == [b.label])
        #expect(report.entries[1].unmetDependencies == [a.label])
        #expect(report.description.contains("a#\(a.id.rawValue) pending waiting on b#\(b.id.rawValue)"))
        #expect(ran.snapshot == ["outsider"])

        a.cancel()
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(ran.snapshot == ["outsider", "b"])
        #expect(a.state == .finished && a.isCancelled)
        #expect(b.state == .finished && !b.isCancelled)
    }

    @Test func threeCycleAcrossTwoQueuesNeverRuns() throws {
        let first = FoundationQueue(name: "first")
        let second = FoundationQueue(name: "second")
        let ran = ProbeLog<String>()
        let members = ["x", "y", "z"].map { name in FoundationOperation(name: name) { _ in ran.append(name) } }
        try members[0].addDependency(members[1])
        try members[1].addDependency(members[2])
        try members[2].addDependency(members[0])
        try first.addOperations([members[0], members[2]], waitUntilFinished: false)
        try second.addOperation(members[1])
        #expect(first.waitUntilAllOperationsAreFinished(timeout: .milliseconds(100)) != .finished)
        #expect(second.waitUntilAllOperationsAreFinished(timeout: .milliseconds(100)) != .finished)
        #expect(ran.snapshot.isEmpty)
        members[1].cancel()
        #expect(first.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(second.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(ran.snapshot == ["x", "z"])
    }
}
