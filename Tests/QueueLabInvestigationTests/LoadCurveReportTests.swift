import Foundation
import QueueLabBenchmarks
import QueueLabInvestigation
import TestSupport
import TestTiers
import Testing

/// The report's open-loop section: one latency-against-load panel per sweep, saturation marked.
@Suite(.onBlockingThreads) struct LoadCurveReportTests {
    @Test func oneCurvePanelPerSweepWithItsSaturationPoint() {
        var records: [SampleRecord] = []
        for round in 0..<3 {
            for (rate, wait) in [(1_000, 20_000.0), (2_000, 80_000), (4_000, 9e6)] {
                for implementation in ["lock", "dispatch"] {
                    var record = SyntheticRecords.openLoop(
                        implementation, rate: rate, round: round, achieved: Double(rate), waitP99: wait)
                    record.figures["a2f_p50_ns"] = wait / 4
                    record.figures["a2f_p99_ns"] = wait + 50_000
                    records.append(record)
                }
            }
        }
        let html = HTMLReport(run: records, runSource: "sweep.csv").render()
        #expect(html.contains("id=\"load\""))
        #expect(html.components(separatedBy: "<title>Latency against offered load, ").count - 1 == 1)
        #expect(html.contains("lock saturates at 2000 operations a second"))
        #expect(html.contains("dispatch saturates at 2000 operations a second"))
        let closedOnly = HTMLReport(run: [records[0]], runSource: "one.csv").render()
        #expect(closedOnly.contains("No open-loop sweep"))
    }
}
