import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

/// The critical path's sentence names each phase for what it measured: a pending wait read as
/// "releasing dependents" until 2026-11-26, the opposite side of the same edge.
@Suite(.onBlockingThreads) struct ExplainWordingTests {
    @Test func everyPhaseHasItsOwnWords() {
        let words = ExplainPhase.allCases.map { ExplainText.pathWording($0.rawValue) }
        #expect(Set(words).count == ExplainPhase.allCases.count, "\(words)")
        for phase in ExplainPhase.allCases {
            #expect(ExplainText.pathWording(phase.rawValue) != phase.rawValue, "\(phase) has no wording")
        }
    }

    @Test func aPendingWaitIsWaitingForDependencies() {
        #expect(ExplainText.pathWording(ExplainPhase.dependencies.rawValue) == "waiting for dependencies")
        #expect(ExplainText.pathWording(ExplainPhase.release.rawValue) == "from body end to finished")
    }
}
