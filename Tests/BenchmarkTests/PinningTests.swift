import Foundation
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// `bench --pin`: samples run on the listed CPUs only, and each row says how many they had.
@Suite(.onBlockingThreads) struct PinningTests {
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

}
