import QueueLabCore

extension RunExplanation {
    /// What was run, in one line: `lock strict chain:n=200`.
    public var title: String {
        [metadata["implementation"], metadata["policy"], metadata["workload"]].compactMap { $0 }.joined(separator: " ")
    }

    var capacityLostNanoseconds: Int { utilisation.reduce(0) { $0 + $1.capacityLostNanoseconds } }

    func phase(_ key: ExplainPhase) -> Int { phases[key.rawValue] ?? 0 }

    /// The report `queuelab explain` prints.
    public func text() -> String {
        var lines: [String] = []
        lines.append(
            "\(title.isEmpty ? "run" : title): \(operations) operations explained, \(bodiesStamped) bodies stamped"
                + (unfinished > 0 ? ", \(unfinished) unfinished left out" : ""))
        lines.append(ExplainText.pathSentence(criticalPath))
        lines.append(pathMembership())
        lines.append(
            "capacity lost: \(ExplainText.duration(capacityLostNanoseconds)) of slot-time free while work was ready, "
                + "\(ExplainText.duration(addPath.capacityLostNanoseconds)) free while an add call was in progress "
                + "(nothing ready); queue overhead per operation \(ExplainText.duration(overheadPerOperationNanoseconds)) "
                + "(hand-off, release, capacity lost and lost to the add path)")
        lines.append(addPath.sentence)
        for (priority, path) in slowestPaths.sorted(by: { $0.key < $1.key }) {
            let members = path.linksByPriority.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map {
                "\($0.value) \($0.key)"
            }
            lines.append(
                "slowest \(priority): \(path.endsAt), \(ExplainText.duration(path.makespanNanoseconds)) from added to "
                    + "finished; its path: \(members.joined(separator: ", ")) operations, "
                    + "\(ExplainText.duration(path.phases[ExplainPhase.body.rawValue] ?? 0)) of bodies")
        }
        lines.append("")
        lines.append(phaseTable())
        for (title, classes) in [("per priority", byPriority), ("per queue", byQueue)] {
            lines.append("")
            lines.append(classTable(title, classes))
        }
        lines.append("")
        lines.append("longest queue waits (ready to executing)")
        for summary in byQueue {
            for waiter in summary.longestWaits where waiter.queueWaitNanoseconds > 0 {
                let parts = ExplainPhase.queueWaits.compactMap { phase in
                    waiter.phases[phase.rawValue].map { "\(phase.rawValue) \(ExplainText.duration($0))" }
                }
                lines.append(
                    "  \(ExplainText.pad(waiter.operation, 24)) \(ExplainText.pad(ExplainText.duration(waiter.queueWaitNanoseconds), 10, right: true))"
                        + "  \(parts.joined(separator: ", "))  [queue \(summary.name)]")
            }
        }
        for queue in utilisation {
            lines.append("")
            lines.append(utilisationLines(queue))
        }
        lines.append("")
        lines.append("not in this trace: " + limits.joined(separator: "; "))
        return lines.joined(separator: "\n")
    }

    private func pathMembership() -> String {
        let reasons = criticalPath.linksByReason.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        let priorities = criticalPath.linksByPriority.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return "critical path: \(criticalPath.linkCount) operations (links by reason: "
            + "\(reasons.joined(separator: ", ")); by priority: \(priorities.joined(separator: ", ")))"
    }

    private func phaseTable() -> String {
        let total = phases.values.reduce(0, +)
        var lines = [
            ExplainText.pad("phase", 16) + ExplainText.pad("total", 10, right: true)
                + ExplainText.pad("share", 9, right: true)
                + ExplainText.pad("p50", 10, right: true) + ExplainText.pad("p99", 10, right: true) + "  what it is"
        ]
        let all = byQueue.count == 1 ? byQueue.first : nil
        for phase in ExplainPhase.allCases {
            let value = self.phase(phase)
            let p50 = all.map { ExplainText.duration($0.p50[phase.rawValue] ?? 0) } ?? "-"
            let p99 = all.map { ExplainText.duration($0.p99[phase.rawValue] ?? 0) } ?? "-"
            lines.append(
                ExplainText.pad(phase.rawValue, 16) + ExplainText.pad(ExplainText.duration(value), 10, right: true)
                    + ExplainText.pad(ExplainText.percent(value, of: total), 9, right: true)
                    + ExplainText.pad(p50, 10, right: true) + ExplainText.pad(p99, 10, right: true) + "  "
                    + phase.meaning)
        }
        return lines.joined(separator: "\n")
    }

    private func classTable(_ title: String, _ classes: [ClassSummary]) -> String {
        var lines = [
            ExplainText.pad(title, 22) + ExplainText.pad("ops", 9, right: true)
                + ExplainText.pad("life p50", 11, right: true)
                + ExplainText.pad("life p99", 11, right: true) + ExplainText.pad("wait p50", 11, right: true)
                + ExplainText.pad("wait p99", 11, right: true) + "  largest phases"
        ]
        for summary in classes {
            let total = summary.totals.values.reduce(0, +)
            let largest = summary.totals.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(3).map {
                "\($0.key) \(ExplainText.percent($0.value, of: total))"
            }
            lines.append(
                ExplainText.pad(summary.name, 22) + ExplainText.pad(String(summary.operations), 9, right: true)
                    + [summary.lifeP50, summary.lifeP99, summary.queueWaitP50, summary.queueWaitP99].map {
                        ExplainText.pad(ExplainText.duration($0), 11, right: true)
                    }.joined() + "  " + largest.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    private func utilisationLines(_ queue: QueueUtilisation) -> String {
        let top = Double(queue.width)
        let widthText =
            queue.widthInferred
            ? "width chosen by the implementation: at most \(queue.width) ran at once" : "width \(queue.width)"
        var lines = [
            "utilisation of queue \(queue.queue) \(queue.name) (\(widthText)), \(queue.busySlots.count) buckets of "
                + "\(ExplainText.duration(queue.bucketNanoseconds)), a full bar = \(Int(top)) slot\(top == 1 ? "" : "s")"
        ]
        lines.append("  busy |\(ExplainText.bars(queue.busySlots, top: top))|")
        lines.append("  lost |\(ExplainText.bars(queue.lostSlots, top: top))|")
        lines.append("   add |\(ExplainText.bars(queue.addPathSlots, top: top))|")
        lines.append(
            "  \(ExplainText.significant(queue.utilisation * 100)) % of the width's slot-time busy; "
                + "\(ExplainText.duration(queue.capacityLostNanoseconds)) of slot-time lost (free while work was ready), "
                + (queue.suspendedNanoseconds > 0
                    ? "\(ExplainText.duration(queue.suspendedNanoseconds)) held by a suspension (free, work ready, the "
                        + "queue suspended), " : "")
                + "\(ExplainText.duration(queue.addPathLostNanoseconds)) to the add path (free, nothing ready, an add "
                + "call in progress), \(ExplainText.duration(queue.idleNanoseconds)) idle (free, nothing ready, no add)"
        )
        return lines.joined(separator: "\n")
    }
}
