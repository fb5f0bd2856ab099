import Foundation
import QueueLabCore
import QueueLabImplementations
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

/// The report's explain section, drawn from real traced runs: it is there, self-contained, and shows
/// the run's own figures.
@Suite(.onBlockingThreads) struct ExplainReportTests {
    static func explained(_ implementation: String, _ workload: String) throws -> RunExplanation {
        let recipe = try Implementations.recipe(named: implementation, policy: nil)
        let run = try TraceRun.recordRun(
            recipe, workload: TraceRun.workload(parsing: workload), drainTimeout: .seconds(30)
        ).run
        return RunExplanation(run, buckets: 20)
    }

    func count(_ needle: String, in haystack: String) -> Int {
        haystack.components(separatedBy: needle).count - 1
    }

    @Test func theSectionShowsATracedRunsOwnFigures() throws {
        let explanation = try Self.explained("lock", "dag:n=60")
        let html = HTMLReport(run: ReportTests.run, runSource: "run.csv", explanations: [explanation]).render()
        #expect(html.contains("id=\"explain\""))
        #expect(count("<title>Utilisation of queue ", in: html) == explanation.utilisation.count)
        #expect(count("<title>Critical path, link by link</title>", in: html) == 1)
        #expect(count("<title>Phase split per class</title>", in: html) == 1)
        // The run's own figures, as the text report words them.
        #expect(html.contains("\(explanation.operations) operations explained"))
        #expect(html.contains(escaped(ExplainText.pathSentence(explanation.criticalPath))))
        #expect(html.contains("critical path: \(explanation.criticalPath.linkCount) operations"))
        for summary in explanation.byPriority {
            #expect(html.contains("\(summary.operations) ops, p50 \(ExplainText.duration(summary.lifeP50))"))
        }
        let body = ExplainText.duration(explanation.phases[ExplainPhase.body.rawValue] ?? 0)
        #expect(html.contains("body</td><td class=\"num\">\(body)</td>"))
        #expect(explanation.addPath.calls > 0 && html.contains(escaped(explanation.addPath.sentence)))
        // One block per phase of every kept link, each with its operation in the tooltip.
        let blocks = explanation.criticalPath.links.reduce(0) { $0 + $1.phases.values.filter { $0 > 0 }.count }
        #expect(count("<rect", in: ExplainCharts.criticalPath(explanation.criticalPath)) >= blocks)
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"))
    }

    @Test func twoRunsStandSideBySideWithTheirRatios() throws {
        let a = try Self.explained("lock", "chain:n=40")
        let b = try Self.explained("actor", "chain:n=40")
        let page = HTMLReport.explainPage([a, b], source: "lock and actor")
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("id=\"explain\""))
        #expect(page.contains("<h3>A: \(a.title)</h3>") && page.contains("<h3>B: \(b.title)</h3>"))
        #expect(count("<title>Critical path, link by link</title>", in: page) == 2)
        let ratio = ExplanationComparison(a, b).ratios["makespan"] ?? 0
        #expect(page.contains("<td>makespan</td>") && ratio > 0)
        #expect(page.contains("<td class=\"num\">\(ExplainText.significant(ratio))</td>"))
        #expect(!page.contains("<script") && !page.contains("src=") && !page.contains("<link"))
    }

    /// Text placed in the page the way ``HTMLText`` escapes it.
    func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}
