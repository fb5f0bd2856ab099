import Foundation
import Testing

@testable import QueueLabBenchmarks

/// `bench --pin`: samples run on the listed CPUs only, and each row says how many they had.
@Suite struct PinningTests {
    @Test func cpuListsAsTasksetReadsThem() throws {
        #expect(try CPUPinning(parsing: "1", onlineCPUs: 2, taskset: "/t").cpus == [1])
        #expect(try CPUPinning(parsing: "0-3,2,7", onlineCPUs: 8, taskset: "/t").cpuList == "0,1,2,3,7")
        #expect(throws: PinningError.absent(cpu: 2, online: 2)) {
            try CPUPinning(parsing: "0-2", onlineCPUs: 2, taskset: "/t")
        }
        for bad in ["", "a", "1-0", "-1", "1,", "0-", "1.5", "0-999999999"] {
            #expect(throws: PinningError.malformed(bad), "\(bad)") {
                try CPUPinning(parsing: bad, onlineCPUs: 8, taskset: "/t")
            }
        }
    }

    @Test func theChildStartsThroughTaskset() throws {
        let pinning = try CPUPinning(parsing: "0", onlineCPUs: 2, taskset: "/usr/bin/taskset")
        let wrapped = pinning.wrap(ChildCommand(executable: "/q", arguments: ["sample", "--impl", "lock"]))
        #expect(wrapped.executable == "/usr/bin/taskset")
        #expect(wrapped.arguments == ["--cpu-list", "0", "/q", "sample", "--impl", "lock"])
    }

    @Test(
        .enabled(if: RunnerTests.queuelabBinary != nil && CPUPinning.findTaskset() != nil),
        .timeLimit(.minutes(3)))
    func aPinnedRunRecordsOneCPU() throws {
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-pin-\(getpid()).csv").path
        defer { try? FileManager.default.removeItem(atPath: csv) }
        let outcome = try ChildProcess.run(
            ChildCommand(
                executable: RunnerTests.queuelabBinary!,
                arguments: [
                    "bench", "--impl", "lock", "--workload", "noop:n=500", "--samples", "2", "--warmup", "0", "--pin",
                    "0", "--out", csv,
                ]),
            timeout: .seconds(50))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let records = try ResultsFile.read(csv)
        #expect(records.count == 2)
        #expect(records.allSatisfy { $0.figures["cpus_allowed"] == 1 })
    }

    @Test(.enabled(if: RunnerTests.queuelabBinary != nil), .timeLimit(.minutes(3)))
    func aBadCPUListExitsTwoBeforeAnySample() throws {
        for (list, message) in [("9999", "but this machine has CPUs 0 to"), ("x", "--pin wants a CPU list")] {
            let outcome = try ChildProcess.run(
                ChildCommand(
                    executable: RunnerTests.queuelabBinary!,
                    arguments: ["bench", "--impl", "lock", "--workload", "noop:n=10", "--samples", "1", "--pin", list]),
                timeout: .seconds(30))
            #expect(outcome.status == 2, "\(list): exit \(outcome.status)")
            #expect(outcome.standardError.contains(message), "\(list): \(outcome.standardError)")
        }
    }
}
