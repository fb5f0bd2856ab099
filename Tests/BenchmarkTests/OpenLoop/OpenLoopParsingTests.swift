import QueueLabBenchmarks
import TestTiers
import Testing

/// `open`'s parameters: text values, canonical `params`, and bad input that names the valid forms.
@Suite(.onBlockingThreads) struct OpenLoopParsingTests {
    @Test func defaultsAndCanonicalText() throws {
        let plain = try Workload(parsing: "open")
        #expect(
            plain.parameterText
                == "arrivals=poisson;duration_ms=1000;late_tolerance_us=50;mix=normal;pace=sleep;rate=10000;seed=42;service=exp:50us;warm=1;width=-1"
        )
        // Other spellings of the same values print the same, so their rows land in one cell.
        let spelled = try Workload(parsing: "open:service=exp:0.05ms;rate=10000")
        #expect(spelled == plain)
        #expect(spelled.parameterText == plain.parameterText)
        #expect(try OpenLoopSpec(plain).pacing == .sleep)
        #expect(try OpenLoopSpec(Workload(parsing: "open:pace=spin")).pacing == .spin)
    }

    @Test func commasInsideADistributionStayInIt() throws {
        let workload = try Workload(parsing: "open:rate=50000,service=bimodal:5us,500us,0.01;width=2")
        #expect(workload.textParameters["service"] == "bimodal:5us,500us,0.01")
        #expect(workload["rate"] == 50_000)
        #expect(workload["width"] == 2)
        let spec = try OpenLoopSpec(workload)
        #expect(abs(spec.service.meanNanoseconds - 9_950) < 1e-6)
        #expect(spec.count == 50_000)
        let mixed = try Workload(parsing: "open:mix=low:1+high:3;service=lognormal:20us,1.5")
        #expect(mixed.textParameters["mix"] == "high:3+low:1")
        #expect(mixed.textParameters["service"] == "lognormal:20us,1.5")
    }

    @Test func badInputNamesTheValidForms() {
        let cases: [(String, String)] = [
            ("open:rate=0", "valid: rate=N"),
            ("open:rate=-5", "must be above zero"),
            ("open:rate=900000", "more than the generator can possibly keep"),
            ("open:service=gamma:5us", "valid: const:50us"),
            ("open:service=exp:fast", "valid: const:50us"),
            ("open:service=bimodal:5us,500us,2", "SHARE 0 to 1"),
            ("open:service=lognormal:20us,0", "SIGMA above 0"),
            ("open:service=const:5s", "above 1s"),
            ("open:arrivals=bursty", "valid: poisson, constant"),
            ("open:pace=busy", "valid: sleep, spin"),
            ("open:mix=urgent:5", "valid: normal, or LEVEL:WEIGHT"),
            ("open:mix=high:0", "no weight above zero"),
            // Trapped on the sum of the weights (Tests/Fuzz/Workload/corpus/mix-*-overflow).
            ("open:mix=high:9223372036854775807+high:1", "has weights above 9223372036854775807 in all"),
            ("open:mix=high:9223372036854775807+low:1", "has weights above 9223372036854775807 in all"),
            ("open:rate=500000;duration_ms=3600000", "more than 2000000"),
            ("open:speed=3", "valid: arrivals, duration_ms"),
        ]
        for (text, message) in cases {
            #expect {
                try Workload(parsing: text)
            } throws: { error in
                (error as? WorkloadParseError)?.message.contains(message) == true
            }
        }
    }

    @Test func sweepsExpandToOneWorkloadPerRate() throws {
        let listed = try OpenLoopSweep.workloads(parsing: "open:rate=3000+1000+2000;service=const:100us")
        #expect(listed.map { $0["rate"] } == [1_000, 2_000, 3_000])
        let geometric = try OpenLoopSweep.workloads(parsing: "open:rate=10000..160000/5;duration_ms=100")
        #expect(geometric.map { $0["rate"] } == [10_000, 20_000, 40_000, 80_000, 160_000])
        #expect(geometric.allSatisfy { $0["duration_ms"] == 100 })
        // width 1, mean 100 us: capacity 10,000 a second; the default sweep climbs to it.
        let automatic = try OpenLoopSweep.workloads(parsing: "open:rate=sweep;width=1;service=exp:100us")
        #expect(automatic.map { $0["rate"] } == [1_000, 2_000, 3_500, 5_000, 6_500, 8_000, 9_000, 10_000])
        #expect(try OpenLoopSweep.workloads(parsing: "noop:n=5").count == 1)
        for bad in ["open:rate=fast", "open:rate=5..2/3", "open:rate=1..9/1", "open:rate=5+x", "open:rate=0+5"] {
            #expect(throws: WorkloadParseError.self, "\(bad)") { try OpenLoopSweep.workloads(parsing: bad) }
        }
    }
}
