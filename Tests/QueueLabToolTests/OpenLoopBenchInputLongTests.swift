import Foundation
import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

/// `bench` refuses a bad `open` workload before any sample: one line naming the valid forms, exit 2.
@Suite(.longTier("runs the queuelab binary")) struct OpenLoopBenchInputTests {
    @Test(.enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30)))
    func badOpenWorkloadsExitTwo() throws {
        let cases: [(String, String)] = [
            ("open:rate=0", "valid: rate=N (1 to 500000 arrivals a second), rate=sweep"),
            ("open:rate=-3", "must be above zero"),
            ("open:rate=2000000", "more than the generator can possibly keep"),
            ("open:rate=fast", "is not a rate; valid: rate=N"),
            ("open:rate=sweep;service=pareto:5us", "valid: const:50us, exp:50us"),
            ("open:service=bimodal:5us,500us,1.5", "SHARE 0 to 1"),
            ("open:arrivals=bursty", "valid: poisson, constant"),
        ]
        for (workload, message) in cases {
            let outcome = try ChildProcess.run(
                ChildCommand(
                    executable: ToolBinary.queuelab!,
                    arguments: ["bench", "--impl", "lock", "--workload", workload, "--samples", "1", "--warmup", "0"]),
                timeout: .seconds(60))
            #expect(outcome.status == 2, "\(workload): exit \(outcome.status)")
            #expect(outcome.standardError.contains(message), "\(workload): \(outcome.standardError)")
            #expect(outcome.standardError.split(separator: "\n").count == 1, "\(workload): \(outcome.standardError)")
        }
    }
}
