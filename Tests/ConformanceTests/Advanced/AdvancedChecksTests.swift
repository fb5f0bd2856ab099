import QueueLabConformance
import QueueLabCore
import QueueLabImplementations
import TestTiers
import Testing

/// The advanced checks pass over the correct test queue and over every registered queue.
@Suite("Advanced checks", .onBlockingThreads)
struct AdvancedChecksTests {
    static let checks = Check.matching("advanced")

    @Test("the family has its checks")
    func family() {
        #expect(Self.checks.count == 9)
        #expect(Self.checks.allSatisfy { $0.family == "advanced" })
    }

    @Test("the correct test queue passes every advanced check on several seeds", arguments: 1...3)
    func testQueue(_ seed: Int) {
        let report = ConformanceSuite.run(
            TestQueue<Correct>.self,
            configuration: ConformanceConfiguration(
                level: .quick, seed: UInt64(seed), checks: Self.checks, timeBound: passingBound))
        let passed = report.isSuccess
        #expect(passed, "\(report.text())")
    }

    @Test(
        "lock, actor and foundation pass every advanced check at default level",
        arguments: Implementations.queues.map { $0.implementationName })
    func implementations(_ name: String) throws {
        let queue = try Implementations.named(name)
        let report = ConformanceSuite.run(
            [queue],
            configuration: ConformanceConfiguration(
                level: .default, seed: 11, checks: Self.checks, timeBound: passingBound))
        let passed = report.isSuccess
        #expect(passed, "\(report.text())")
    }
}
