import Foundation
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

@Suite(.onBlockingThreads) struct ReportTests {
    static func record(
        _ implementation: String, _ workload: String, _ parameters: String, round: Int, opsPerSecond: Double,
        wall: Double = 0.1, operations: Double = 1000, latency: Double? = 1_000
    ) -> SampleRecord {
        var figures: [String: Double] = ["operations": operations, "ops_per_s": opsPerSecond, "wall_s": wall]
        if let latency {
            for (index, name) in ["p50", "p90", "p99", "p999", "max"].enumerated() {
                figures["e2f_\(name)_ns"] = latency * pow(10, Double(index))
            }
        }
        return SampleRecord(
            timestamp: "2026-01-01T00:00:0\(round)Z", variant: "head", gitCommit: "abc123", host: "box", cores: 2,
            swiftVersion: "6.3.1", buildConfiguration: "release", allocator: "system", implementation: implementation,
            workload: workload, parameters: parameters, seed: 1, round: round, figures: figures)
    }

    /// Two implementations, a noop and chains of three lengths, 6 samples each.
    static var run: [SampleRecord] {
        var records: [SampleRecord] = []
        for round in 0..<6 {
            for (implementation, speed) in [("lock", 2.0), ("other<&>", 1.0)] {
                records.append(
                    record(
                        implementation, "noop", "n=1000;width=-1", round: round,
                        opsPerSecond: speed * 1e6 + Double(round)))
                for length in [100, 1_000, 10_000] {
                    let perOperation = implementation == "lock" ? 1e-6 : 1e-9 * Double(length)  // flat vs quadratic
                    records.append(
                        record(
                            implementation, "chain", "n=\(length)", round: round, opsPerSecond: 1 / perOperation,
                            wall: perOperation * Double(length), operations: Double(length), latency: nil))
                }
            }
        }
        return records
    }

    func count(_ needle: String, in haystack: String) -> Int {
        haystack.components(separatedBy: needle).count - 1
    }

    @Test func pageHasEverySectionAndOneChartPerWorkload() {
        let html = HTMLReport(run: Self.run, runSource: "run.csv").render()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for section in HTMLReport.Section.allCases where ![.comparison, .strategies, .explain].contains(section) {
            #expect(html.contains("id=\"\(section.rawValue)\""), "missing section \(section)")
        }
        #expect(!html.contains("id=\"comparison\""))
        #expect(!html.contains("id=\"strategies\""))
        #expect(!html.contains("id=\"explain\""))
        // Throughput: noop plus three chain lengths = 4 panels; latency: only noop has latencies;
        // chain scaling: 1 chart.
        #expect(count("<title>Throughput, ", in: html) == 4)
        #expect(count("<title>Latency percentiles, ", in: html) == 1)
        #expect(count("<title>Chain scaling", in: html) == 1)
        #expect(count("<svg", in: html) == 6)
        #expect(count("</svg>", in: html) == 6)
    }

    @Test func pageIsSelfContained() {
        let html = HTMLReport(run: Self.run, runSource: "run.csv").render()
        #expect(!html.contains("<script"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("src="))
    }

    @Test func namesFromTheFileAreEscaped() {
        let html = HTMLReport(run: Self.run, runSource: "<run>.csv").render()
        #expect(html.contains("other&lt;&amp;&gt;"))
        #expect(!html.contains("other<&>"))
        #expect(html.contains("&lt;run&gt;.csv"))
    }

    @Test func workloadsSortByTheirNumbers() {
        let labels = ReportCell.cells(from: Self.run).map(\.workloadLabel)
        let chains = labels.filter { $0.hasPrefix("chain") }.reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        #expect(chains == ["chain n=100", "chain n=1000", "chain n=10000"])
    }

    @Test func chainCurveHasAPointPerLengthAndImplementation() {
        let points = ChainScalingChart.points(ReportCell.cells(from: Self.run))
        #expect(points.count == 6)
        let lock = points.filter { $0.implementation == "lock" }.sorted { $0.length < $1.length }
        #expect(lock.map(\.length) == [100, 1_000, 10_000])
        #expect(lock.allSatisfy { abs($0.nanosecondsPerOperation.median - 1_000) < 1e-6 })
    }

    @Test func singleChainLengthSaysHowToDrawTheCurve() {
        let run = Self.run.filter { $0.workload != "chain" || $0.parameters == "n=1000" }
        let html = HTMLReport(run: run, runSource: "run.csv").render()
        #expect(html.contains("chains of a single length"))
    }

    @Test func comparisonTableColoursVerdicts() throws {
        let base = Self.run
        // Head: "other<&>" noop three times slower; everything else unchanged.
        let head = Self.run.map { record -> SampleRecord in
            var copy = record
            // Another run (seed): compared unpaired, where 6 samples a side can be significant.
            copy.seed = record.seed + 1
            if record.implementation == "other<&>" && record.workload == "noop" {
                copy.figures["ops_per_s"] = record.figures["ops_per_s"]! / 3
            }
            return copy
        }
        let html = HTMLReport(run: head, runSource: "head.csv", base: base, baseSource: "base.csv").render()
        #expect(html.contains("id=\"comparison\""))
        #expect(html.contains("<tr class=\"verdict-regression\">"))
        #expect(html.contains("<tr class=\"verdict-same\">"))
        #expect(html.contains("67% lower (worse)"))
        // Rows without a clear change fold away under <details>, after the regression.
        let details = try #require(html.range(of: "comparisons without a clear change"))
        #expect(html.range(of: "verdict-regression\">")!.lowerBound < details.lowerBound)
        // Regressions first.
        let firstRow = html.range(of: "<tr class=\"verdict-")!
        #expect(html[firstRow.upperBound...].hasPrefix("regression"))
    }

    @Test func panelsDrawBaseAndHeadSideBySideWithTheirIntervals() {
        let cells = ReportCell.cells(from: Self.run)
        let palette = ImplementationPalette(cells.map(\.implementation))
        let slower = ReportCell.cells(
            from: Self.run.map { record in
                var copy = record
                copy.figures["ops_per_s"] = record.figures["ops_per_s"]! / 2
                return copy
            })
        let panels = ThroughputChart.panels(slower, base: cells, palette: palette)
        let noop = panels[0]
        // Two bars per implementation, base faded, each with its whiskers (3 lines a bar).
        #expect(count("lock base: median 2.00M", in: noop) == 1)
        #expect(count("lock head: median 1.00M", in: noop) == 1)
        #expect(count("fill-opacity=\"0.4\"", in: noop) == 2)
        #expect(count("<rect", in: noop) == 4)
        #expect(count("stroke=\"#111\"", in: noop) == 12)
        // Without a base: one bar each, no run names.
        let alone = ThroughputChart.panels(slower, palette: palette)[0]
        #expect(count("<rect", in: alone) == 2)
        #expect(!alone.contains("head: median"))
    }

    @Test func latencyPanelsDrawTheBaseCurveDashedWithWhiskers() {
        let cells = ReportCell.cells(from: Self.run)
        let palette = ImplementationPalette(cells.map(\.implementation))
        let panel = LatencyChart.panels(cells, base: cells, palette: palette)[0]
        #expect(count("<polyline", in: panel) == 4)
        // The base curves (width 2) dashed, and their legend swatches (width 3).
        #expect(count("stroke-width=\"2\" stroke-dasharray=\"5 3\"/>", in: panel) == 2)
        #expect(count("stroke-width=\"3\" stroke-dasharray=\"5 3\"/>", in: panel) == 2)
        #expect(panel.contains("lock base p50"))
        #expect(panel.contains("lock head p50"))
        #expect(panel.contains("(interval "))
    }

    @Test func chainScalingDrawsTheBaseCurveDashed() throws {
        let cells = ReportCell.cells(from: Self.run)
        let palette = ImplementationPalette(cells.map(\.implementation))
        let slower = ReportCell.cells(
            from: Self.run.map { record in
                var copy = record
                copy.figures["wall_s"] = record.figures["wall_s"]! * 2
                return copy
            })
        let chart = try #require(ChainScalingChart.chart(slower, base: cells, palette: palette))
        #expect(count("<polyline", in: chart) == 4)
        #expect(count("stroke-dasharray=\"6 4\"", in: chart) == 2)
        #expect(chart.contains("lock (base), chain of 1000: 1.0us per operation"))
        #expect(chart.contains("lock (head), chain of 1000: 2.0us per operation"))
        #expect(chart.contains("(base dashed)"))
        let alone = try #require(ChainScalingChart.chart(slower, palette: palette))
        #expect(count("<polyline", in: alone) == 2)
        #expect(!alone.contains("stroke-dasharray"))
        #expect(alone.contains("lock, chain of 1000: 2.0us per operation"))
    }

    @Test func comparisonTableShowsDesignAndDetectableEffect() {
        let html = HTMLReport(run: Self.run, runSource: "head.csv", base: Self.run, baseSource: "base.csv").render()
        #expect(html.contains("<th>detectable (80% power)</th>"))
        #expect(html.contains("6 pairs</td><td>paired</td>"))
    }

    @Test func medianIntervalFollowsOrderStatistics() throws {
        let five = try #require(MedianInterval([5, 1, 4, 2, 3]))
        #expect(five.median == 3)
        #expect(five.lower == 1 && five.upper == 5)
        #expect(abs(five.coverage - 0.9375) < 1e-12)
        // With 10 samples the 95% interval is x(2)...x(9).
        let ten = try #require(MedianInterval((1...10).map(Double.init)))
        #expect(ten.lower == 2 && ten.upper == 9)
        #expect(ten.coverage >= 0.95)
        #expect(MedianInterval([]) == nil)
    }

    /// Past 1,074 samples 2^-n underflows: the interval must still be the order statistics the
    /// binomial gives, not the median alone.
    @Test func medianIntervalOfManySamplesKeepsItsWidth() throws {
        for n in [1_100, 5_000, 200_000] {
            let interval = try #require(MedianInterval((0..<n).map(Double.init)))
            // The normal approximation of the sign-test interval: k about n/2 - 1.96 sqrt(n)/2.
            let k = Double(n) / 2 - 1.959964 * Double(n).squareRoot() / 2
            #expect(abs(interval.lower - k) <= 2, "n = \(n): lower \(interval.lower), about \(k) expected")
            #expect(abs(interval.upper - (Double(n - 1) - k)) <= 2, "n = \(n): upper \(interval.upper)")
            #expect(interval.coverage >= 0.95 && interval.coverage < 0.96, "n = \(n): \(interval.coverage)")
        }
    }

    @Test func logScaleCoversWholeDecades() {
        let scale = ChartScale.logarithmic(covering: [3_000, 70_000], pixels: 0...100)
        #expect(scale.lower == 1_000 && scale.upper == 100_000)
        #expect(scale.position(1_000) == 0 && scale.position(100_000) == 100)
        #expect(abs(scale.position(10_000) - 50) < 1e-9)
        #expect(scale.ticks.contains(10_000))
    }
}
