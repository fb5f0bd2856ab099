import QueueLabBenchmarks
import QueueLabCore
import TestTiers
import Testing

/// The formulas, and the generator's draws against them: pure arithmetic, no clock, no queue.
@Suite(.onBlockingThreads) struct QueueingTheoryTests {
    @Test func erlangCReducesToMM1AndMatchesATable() throws {
        // M/M/1: rho / (mu - lambda). lambda 0.5, mean service 1: 0.5 / 0.5 = 1.
        #expect(abs(try #require(QueueingTheory.meanWait(arrivalRate: 0.5, meanService: 1, servers: 1)) - 1) < 1e-12)
        // M/M/2 at a = 1 (rho 0.5): C = 1/3, Wq = C / (2 - 1) = 1/3.
        let twoServers = try #require(QueueingTheory.meanWait(arrivalRate: 1, meanService: 1, servers: 2))
        #expect(abs(twoServers - 1.0 / 3.0) < 1e-12)
        #expect(QueueingTheory.meanWait(arrivalRate: 1, meanService: 1, servers: 1) == nil)
    }

    @Test func fcfsRecursionOnAHandMadeSchedule() {
        // Arrivals 0, 1, 2 with services 3, 1, 1 on one server: waits 0, 2, 2.
        #expect(QueueingTheory.fcfsMeanWait(arrivals: [0, 1, 2], services: [3, 1, 1], servers: 1) == 4.0 / 3.0)
        // Two servers: the second starts at once, the third waits for the second (free at 2): 0.
        #expect(QueueingTheory.fcfsMeanWait(arrivals: [0, 1, 2], services: [3, 1, 1], servers: 2) == 0)
    }

    /// The generator's Poisson arrivals and exponential services, fed through an ideal FIFO server,
    /// give the M/M/1 mean wait within 5 % at 200,000 arrivals (a fixed seed: deterministic). What is
    /// left for the timed check is the queue's own overhead and the machine.
    @Test(arguments: [0.3, 0.5, 0.7])
    func drawsReproduceMM1(utilisation: Double) throws {
        let mean: UInt64 = 150_000
        let rate = utilisation / (Double(mean) / 1e9)
        var random = SplitMix64(seed: 7)
        let arrivals = ArrivalProcess.poisson.schedule(count: 200_000, rate: rate, using: &random)
        let service = ServiceDistribution.exponential(meanNanoseconds: mean)
        let services = arrivals.map { _ in service.draw(using: &random) }
        let simulated = QueueingTheory.fcfsMeanWait(arrivals: arrivals, services: services, servers: 1)
        let theory = try #require(
            QueueingTheory.meanWait(arrivalRate: rate / 1e9, meanService: Double(mean), servers: 1))
        #expect(abs(simulated / theory - 1) < 0.05, "simulated \(simulated), theory \(theory)")
    }

    @Test func constantArrivalsAreEvenlySpaced() {
        var random = SplitMix64(seed: 1)
        let times = ArrivalProcess.constant.schedule(count: 5, rate: 1_000, using: &random)
        #expect(times == [0, 1_000_000, 2_000_000, 3_000_000, 4_000_000])
    }

    @Test func distributionMeansMatchTheirDraws() throws {
        var random = SplitMix64(seed: 3)
        for text in ["const:50us", "exp:50us", "bimodal:5us,500us,0.01", "lognormal:20us,1"] {
            let distribution = try ServiceDistribution(parsing: text)
            let draws = (0..<200_000).map { _ in Double(distribution.draw(using: &random)) }
            let mean = draws.reduce(0, +) / Double(draws.count)
            #expect(abs(mean / distribution.meanNanoseconds - 1) < 0.03, "\(text): \(mean)")
        }
    }
}
