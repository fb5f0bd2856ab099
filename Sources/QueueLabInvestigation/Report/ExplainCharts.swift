/// The explain section's three drawings, as inline SVG (``SVGCanvas``): a queue's utilisation over
/// time, the critical path link by link, and the phase split of each class. Each phase keeps one
/// colour in all three, so that a colour read in one is read the same in the others.
enum ExplainCharts {
    /// Okabe-Ito where it reaches (the report's palette), then two more for nine phases and arrival.
    static func colour(_ phase: String) -> String {
        switch phase {
        case ExplainPhase.addCall.rawValue: "#7E57C2"
        case ExplainPhase.dependencies.rawValue: "#999999"
        case ExplainPhase.suspended.rawValue: "#666666"
        case ExplainPhase.slotWait.rawValue: "#D55E00"
        case ExplainPhase.heldBack.rawValue: "#CC79A7"
        case ExplainPhase.queueOverhead.rawValue: "#E69F00"
        case ExplainPhase.handOff.rawValue: "#F0E442"
        case ExplainPhase.body.rawValue: "#0072B2"
        case ExplainPhase.release.rawValue: "#56B4E9"
        case ExplainPhase.cancelled.rawValue: "#000000"
        default: "#DDDDDD"  // arrival: not yet added
        }
    }

    /// Phases in life order, arrival first: the order blocks are drawn in.
    static let order = [CriticalPath.arrival] + ExplainPhase.allCases.map(\.rawValue)

    static let busyColour = ExplainCharts.colour(ExplainPhase.body.rawValue)
    static let lostColour = ExplainCharts.colour(ExplainPhase.slotWait.rawValue)
    static let addPathColour = ExplainCharts.colour(ExplainPhase.addCall.rawValue)

    /// Width in use per time bucket (blue), and stacked on it the free slots while work was ready
    /// (lost, vermillion) and while an add call was in progress with nothing ready (purple); the dashed
    /// line is the width.
    static func utilisation(_ queue: QueueUtilisation, makespan: Int) -> String {
        let (width, height, left, right, top, bottom) = (620.0, 190.0, 44.0, 12.0, 26.0, 34.0)
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let slots = Double(Swift.max(1, queue.width))
        var canvas = SVGCanvas(
            width: width, height: height, title: "Utilisation of queue \(queue.queue) \(queue.name) over time")
        let inferred = queue.widthInferred ? " (the most that ran at once)" : ""
        canvas.text(
            left, 16, "queue \(queue.queue) \(queue.name): width \(queue.width)\(inferred)", size: 13, weight: "bold")
        let count = Swift.max(1, queue.busySlots.count)
        let step = plotWidth / Double(count)
        func y(_ value: Double) -> Double { top + plotHeight - Swift.min(value, slots) / slots * plotHeight }
        for bucket in 0..<queue.busySlots.count {
            let x = left + Double(bucket) * step
            let busy = queue.busySlots[bucket]
            let lost = bucket < queue.lostSlots.count ? queue.lostSlots[bucket] : 0
            let adding = bucket < queue.addPathSlots.count ? queue.addPathSlots[bucket] : 0
            let from = ExplainText.duration(queue.bucketNanoseconds * bucket)
            canvas.rect(
                x, y(busy), step, y(0) - y(busy), fill: busyColour,
                tooltip: "from \(from): \(ExplainText.significant(busy)) slots busy")
            canvas.rect(
                x, y(busy + lost), step, y(busy) - y(busy + lost), fill: lostColour,
                tooltip: "from \(from): \(ExplainText.significant(lost)) slots free while work was ready")
            canvas.rect(
                x, y(busy + lost + adding), step, y(busy + lost) - y(busy + lost + adding), fill: addPathColour,
                tooltip: "from \(from): \(ExplainText.significant(adding)) slots free while an add call was in progress"
            )
        }
        canvas.line(left, y(slots), left + plotWidth, y(slots), stroke: "#222", dash: "4 3")
        canvas.line(left, y(0), left + plotWidth, y(0), stroke: "#888")
        canvas.text(left - 6, y(slots) + 4, ExplainText.significant(slots), anchor: .end, size: 11)
        canvas.text(left - 6, y(0) + 4, "0", anchor: .end, size: 11)
        canvas.text(14, top + plotHeight / 2, "slots", anchor: .middle, size: 11, rotate: true)
        canvas.text(left, height - 12, "0", size: 11)
        canvas.text(left + plotWidth, height - 12, ExplainText.duration(makespan), anchor: .end, size: 11)
        canvas.text(left + plotWidth / 2, height - 12, "time since the run's first add", anchor: .middle, size: 11)
        return canvas.rendered
    }

    /// The critical path on a time axis from its start to the last finish: each link a block split
    /// into its phases, white ticks between links; links the report did not keep (a width-1 queue's
    /// path can hold every operation) are one grey block at the start.
    static func criticalPath(_ path: CriticalPath) -> String {
        let (width, height, left, right) = (620.0, 92.0, 12.0, 12.0)
        let plotWidth = width - left - right
        var canvas = SVGCanvas(width: width, height: height, title: "Critical path, link by link")
        canvas.text(
            left, 16, "critical path: \(path.linkCount) operations, ending at \(path.endsAt)", size: 13,
            weight: "bold")
        let total = Double(Swift.max(1, path.makespanNanoseconds))
        let kept = path.links.reduce(0) { $0 + $1.phases.values.reduce(0, +) }
        let earlier = Swift.max(0, path.makespanNanoseconds - kept)
        let (barTop, barHeight) = (26.0, 30.0)
        var x = left
        func scaled(_ nanoseconds: Int) -> Double { Double(nanoseconds) / total * plotWidth }
        if earlier > 0 {
            let hidden = path.linkCount - path.links.count
            canvas.rect(
                x, barTop, scaled(earlier), barHeight, fill: "#BBBBBB",
                tooltip: "\(hidden) earlier links, \(ExplainText.duration(earlier)) (not kept in the report)")
            x += scaled(earlier)
        }
        for link in path.links {
            let start = x
            for phase in order {
                guard let value = link.phases[phase], value > 0 else { continue }
                canvas.rect(
                    x, barTop, scaled(value), barHeight, fill: colour(phase),
                    tooltip: "\(link.operation) (\(link.priority), \(link.reason.rawValue)): \(phase) "
                        + ExplainText.duration(value))
                x += scaled(value)
            }
            if x - start > 3 { canvas.line(start, barTop, start, barTop + barHeight, stroke: "#fff", width: 1) }
        }
        canvas.text(left, barTop + barHeight + 16, "0", size: 11)
        canvas.text(
            left + plotWidth, barTop + barHeight + 16, ExplainText.duration(path.makespanNanoseconds), anchor: .end,
            size: 11)
        let reasons = path.linksByReason.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        canvas.text(
            left + plotWidth / 2, barTop + barHeight + 16, "links: " + reasons.joined(separator: ", "),
            anchor: .middle, size: 11)
        return canvas.rendered
    }

    /// One 100 % bar per class (priority or queue), split by phase share of the class's total time.
    static func phaseSplit(_ classes: [(title: String, summary: ClassSummary)]) -> String {
        let (width, left, right, rowHeight) = (620.0, 150.0, 110.0, 24.0)
        let height = 12 + rowHeight * Double(classes.count)
        let plotWidth = width - left - right
        var canvas = SVGCanvas(width: width, height: height, title: "Phase split per class")
        for (row, entry) in classes.enumerated() {
            let y = 6 + rowHeight * Double(row)
            let summary = entry.summary
            let total = Double(Swift.max(1, summary.totals.values.reduce(0, +)))
            canvas.text(left - 8, y + 14, "\(entry.title) \(summary.name)", anchor: .end, size: 12)
            var x = left
            for phase in ExplainPhase.allCases {
                guard let value = summary.totals[phase.rawValue], value > 0 else { continue }
                let share = Double(value) / total
                canvas.rect(
                    x, y, share * plotWidth, rowHeight - 6, fill: colour(phase.rawValue),
                    tooltip: "\(summary.name): \(phase.rawValue) \(ExplainText.duration(value)), "
                        + "\(ExplainText.significant(share * 100)) %")
                x += share * plotWidth
            }
            canvas.text(
                left + plotWidth + 8, y + 14, "\(summary.operations) ops, p50 \(ExplainText.duration(summary.lifeP50))",
                size: 11)
        }
        return canvas.rendered
    }
}
