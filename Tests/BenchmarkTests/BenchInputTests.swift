import Foundation
import QueueLabBenchmarks
import Testing

/// `bench` checks everything before the first sample: bad input is one line and exit 2, and no
/// sample process starts.
@Suite struct BenchInputTests {

    @Test func workloadParametersOutsideTheirRange() {
        for text in ["noop:n=-5", "noop:n=0", "noop:width=0", "cpu:us=-1", "cancel:percent=101", "fanout:k=0"] {
            #expect(throws: WorkloadParseError.self, "\(text)") { try Workload(parsing: text) }
        }
        for text in ["noop:width=-1", "noop:width=1", "cancel:percent=0", "dag:edges=0;seed=-3", "cpu:us=0"] {
            #expect(throws: Never.self, "\(text)") { try Workload(parsing: text) }
        }
    }

}
