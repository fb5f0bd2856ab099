import QueueLabCore
import QueueLabImplementations
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

/// `makespan`: its parameters, the graph it draws and the bound it computes from it, and its
/// figures (how close a policy gets is a benchmark's business, not a test's).
@Suite struct MakespanWorkloadTests {
    @Test func parametersAndTheirRanges() throws {
        let workload = try Workload(parsing: "makespan")
        #expect(
            workload.parameters == [
                "n": 2_000, "width": 2, "chains": 4, "length": 800, "us": 50, "seed": 42, "warm": 1,
            ])
        #expect(workload.textParameters == ["cost": "const"])
        #expect(try Workload(parsing: "makespan:cost=exp").textParameters["cost"] == "exp")
        for bad in [
            "makespan:chains=0", "makespan:chains=17", "makespan:length=0", "makespan:n=0", "makespan:us=-1",
            "makespan:width=0", "makespan:cost=uniform", "makespan:depth=3", "makespan:warm=2", "makespan:warm=-1",
        ] {
            #expect(throws: WorkloadParseError.self, "\(bad)") { try Workload(parsing: bad) }
        }
        #expect(throws: WorkloadParseError.self) { try Workload(parsing: "makespan:n=1000") }
        do {
            _ = try Workload(parsing: "makespan:n=1000")
        } catch {
            #expect(error.message.contains("the chains (800+200+50+12 = 1062 operations) do not fit in n=1000"))
        }
        #expect(workload.unsupportedReason(for: [.width]) != nil, "needs dependencies")
    }

    /// 60 operations of 1 us, chains of 20 and 5 (20 / 4), width 2: the total work over the width,
    /// 30 us, is above the longest chain, 20 us. With 30 operations it is the other way round.
    @Test func theBoundIsTheLargerOfTotalWorkOverWidthAndTheLongestChain() throws {
        let graph = MakespanGraph(try Workload(parsing: "makespan:n=60;chains=2;length=20;us=1"))
        #expect(graph.chains.map(\.count) == [20, 5])
        #expect(graph.edges.count == 19 + 4)
        #expect(Set(graph.chains.joined()).count == 25, "the chains share no operation")
        #expect(graph.addOrder.sorted() == Array(0..<60))
        #expect(graph.bound(width: 2) == 30_000)
        #expect(graph.bound(width: 1) == 60_000)
        #expect(graph.bound(width: 4) == 20_000)
        let shorter = MakespanGraph(try Workload(parsing: "makespan:n=30;chains=1;length=20;us=1"))
        #expect(shorter.bound(width: 2) == 20_000)
        // Every edge joins neighbours of one chain, dependency first.
        for (dependent, dependency) in graph.edges {
            #expect(
                graph.chains.contains { chain in
                    zip(chain, chain.dropFirst()).contains { $0 == (dependency, dependent) }
                })
        }
    }

    @Test func theGraphComesFromTheSeed() throws {
        let one = MakespanGraph(try Workload(parsing: "makespan:n=200;length=40;seed=7"))
        let again = MakespanGraph(try Workload(parsing: "makespan:n=200;length=40;seed=7"))
        let other = MakespanGraph(try Workload(parsing: "makespan:n=200;length=40;seed=8"))
        #expect(one.chains == again.chains && one.addOrder == again.addOrder)
        #expect(one.chains != other.chains)
        let exponential = MakespanGraph(try Workload(parsing: "makespan:n=2000;length=40;us=50;cost=exp"))
        let mean = Double(exponential.costs.reduce(0, +)) / 2_000
        #expect(abs(mean - 50_000) < 5_000, "mean \(mean)")
        let total = exponential.costs.reduce(0, +)
        let chain = exponential.chains[0].reduce(0) { $0 + exponential.costs[$1] }
        #expect(exponential.bound(width: 2) == max(total / 2, chain))
    }

    @Test(.timeLimit(.minutes(5)), arguments: ["strict", "fifo", "critical-path"])
    func aTinyRunReportsItsMakespanAndBound(_ policy: String) throws {
        let recipe = try Implementations.recipe(named: "lock", policy: policy)
        let workload = try Workload(parsing: "makespan:n=60;chains=2;length=20;us=1")
        let figures = try SampleRunner.run(
            recipe: recipe, workload: workload, drainTimeout: .seconds(30), environment: [:])
        #expect(figures["operations"] == 60)
        #expect(figures["makespan_bound_ns"] == 30_000)
        let makespan = try #require(figures["makespan_ns"])
        #expect(makespan >= 20_000, "the 20-link chain alone takes 20 us")
        #expect(figures["makespan_over_bound"] == makespan / 30_000)
        let parallelAfter = try #require(figures["parallel_after_ns"], "width 2 says when two bodies first ran at once")
        #expect(parallelAfter >= 0 && parallelAfter <= makespan)
        let warmAfter = try #require(figures["warm_after_ns"], "the workers started before the timed phase")
        #expect(warmAfter >= 0 && warmAfter <= 200_000_000)
    }

    /// `warm=0` leaves the workers to start in the timed phase: no warm-up, no figure of it, and
    /// the warm-up's operations are never counted either way.
    @Test(.timeLimit(.minutes(5)), arguments: [0, 1])
    func theWarmUpIsNoOperationOfTheRun(warm: Int) throws {
        let recipe = try Implementations.recipe(named: "lock", policy: "fifo")
        let workload = try Workload(parsing: "makespan:n=60;chains=2;length=20;us=1;warm=\(warm)")
        let figures = try SampleRunner.run(
            recipe: recipe, workload: workload, drainTimeout: .seconds(30), environment: [:])
        #expect(figures["operations"] == 60)
        #expect((figures["warm_after_ns"] != nil) == (warm == 1))
        // A trace (and `explain`) holds the workload's operations only: its span begins at their adds.
        let (run, _) = try TraceRun.recordRun(recipe: recipe, workload: workload)
        #expect(Set(run.transitions.map(\.operation)).count == 60)
        #expect(!run.transitions.contains { $0.name == warmUpOperationName })
        #expect(run.addCalls.count == 60)
    }

    @Test(.timeLimit(.minutes(5)))
    func aRunOfOneWorkerHasNoParallelStart() throws {
        let recipe = try Implementations.recipe(named: "lock", policy: "strict")
        let workload = try Workload(parsing: "makespan:n=60;chains=2;length=20;us=1;width=1")
        let figures = try SampleRunner.run(
            recipe: recipe, workload: workload, drainTimeout: .seconds(30), environment: [:])
        #expect(figures["makespan_ns"] != nil)
        #expect(figures["parallel_after_ns"] == nil)
    }

    /// Bodies as (start, finish, core + 2): the first start inside another core's body counts; a
    /// body that spans its own core's neighbours (preempted on a shared core) does not.
    @Test(
        arguments: [
            ([(0, 10, 2), (5, 15, 3)], 5),
            ([(0, 100, 2), (10, 20, 2), (20, 30, 2), (40, 120, 3)], 40),
            ([(0, 100, 2), (10, 20, 2), (20, 30, 2)], nil),
            ([(0, 10, 2), (10, 20, 3), (20, 30, 2)], nil),
            ([(0, 10, 1), (5, 15, 1)], 5),
        ] as [([(UInt64, UInt64, UInt64)], UInt64?)])
    func theFirstOverlapIsOnTwoCores(bodies: [(UInt64, UInt64, UInt64)], expected: UInt64?) {
        let starts = LatencyTable(count: bodies.count)
        let finishes = LatencyTable(count: bodies.count)
        let cores = LatencyTable(count: bodies.count)
        // Listed out of order: the search sorts by start.
        for (index, body) in bodies.enumerated().reversed() {
            starts.record(index, body.0 + 1)
            finishes.record(index, body.1 + 1)
            cores.record(index, body.2)
        }
        let found = BodyOverlap.first(starts: starts, finishes: finishes, cores: cores, count: bodies.count)
        #expect(found == expected.map { $0 + 1 })
    }
}
