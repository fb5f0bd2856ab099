import QueueLabCore
import TestTiers
import Testing

@Suite(.onBlockingThreads) struct CoreValueTests {
    @Test func priorityLevelsRoundTripFoundationsRawValues() {
        #expect(QueuePriority.allCases.map(\.rawValue) == [-8, -4, 0, 4, 8])
        #expect(QueuePriority.allCases.map(\.level) == [0, 1, 2, 3, 4])
        for priority in QueuePriority.allCases { #expect(QueuePriority(level: priority.level) == priority) }
        #expect(QueuePriority.veryHigh > .high && QueuePriority.low < .normal)
    }

    @Test func cycleErrorNamesItsMembersAndClosesTheLoop() {
        let a = OperationLabel(id: OperationID(rawValue: 1), name: "login")
        let b = OperationLabel(id: OperationID(rawValue: 2), name: nil)
        #expect(
            QueueError.dependencyCycle(members: [a, b]).description == "dependency cycle: login#1 -> #2 -> login#1")
        #expect(QueueError.alreadyEnqueued(a).description == "login#1 is already in a queue")
    }

    @Test func durationNanosecondsSaturateAndRoundDown() {
        #expect(Duration.milliseconds(1500).nanoseconds == 1_500_000_000)
        #expect(Duration.seconds(-1).nanoseconds == 0)
        #expect(Duration.seconds(Int64.max).nanoseconds == .max)
    }

    @Test func stallReportSaysWhatWaitsOnWhat() {
        let waiting = OperationLabel(id: OperationID(rawValue: 7), name: "like")
        let missing = OperationLabel(id: OperationID(rawValue: 6), name: "login")
        let report = StallReport(
            queueName: "q", isSuspended: true,
            entries: [
                .init(operation: waiting, state: .pending, isCancelled: false, unmetDependencies: [missing])
            ])
        #expect(report.description == "queue q (suspended): 1 unfinished\n  like#7 pending waiting on login#6")
    }

    @Test func operationIdentitiesAreUniqueAndIncreasing() {
        let ids = (0..<1000).map { _ in OperationID.next() }
        #expect(ids == ids.sorted() && Set(ids).count == 1000)
    }

    @Test func capabilitiesDescribeThemselves() {
        #expect(QueueCapabilities([.width, .barriers]).description == "width,barriers")
        #expect(QueueCapabilities.all.isSuperset(of: .operationQueue))
    }
}
