import QueueLabCore

/// A rule of the advanced layer that a trace broke.
struct AdvancedViolation: Sendable, CustomStringConvertible {
    let rule: String
    let message: String
    let operations: [OperationID]

    var description: String { "[\(rule)] \(message)" }
}

/// Replays an advanced trace against the layer's rules.
enum AdvancedValidator {
    static func violations(
        _ trace: [AdvancedEvent], operations: [OperationLabel], facts: [OperationID: AdvancedHarnessFacts]
    ) -> [AdvancedViolation] {
        var violations: [AdvancedViolation] = []
        let byOperation = Dictionary(grouping: trace, by: \.operation.id)
        var finishSequence: [OperationID: Int] = [:]
        for label in operations {
            let events = byOperation[label.id] ?? []
            let opFacts = facts[label.id]
            func first(_ match: (AdvancedEvent.Kind) -> Bool) -> AdvancedEvent? { events.first { match($0.kind) } }
            let starts = events.filter { $0.kind == .bodyStart }
            let ends = events.filter { if case .bodyEnd = $0.kind { true } else { false } }
            let didStarts = events.filter { $0.kind == .didStart }
            let didFinishes = events.filter { if case .didFinish = $0.kind { true } else { false } }
            if let finish = didFinishes.first { finishSequence[label.id] = finish.sequence }

            if starts.count > 1 {
                violations.append(
                    .init(rule: "once", message: "\(label) ran its body \(starts.count) times", operations: [label.id]))
            }
            switch opFacts?.run {
            case .must? where starts.isEmpty:
                violations.append(.init(rule: "runs", message: "\(label) never ran its body", operations: [label.id]))
            case .mustNot? where !starts.isEmpty:
                violations.append(
                    .init(
                        rule: "runs",
                        message:
                            "\(label) ran its body although a condition failed or it was cancelled before it started",
                        operations: [label.id]))
            default: break
            }
            if didFinishes.count != 1 {
                violations.append(
                    .init(
                        rule: "observers",
                        message: "\(label)'s finish observer was called \(didFinishes.count) times, not once",
                        operations: [label.id]))
            }
            if didStarts.count != starts.count && opFacts?.isGroup != true {
                violations.append(
                    .init(
                        rule: "observers",
                        message:
                            "\(label)'s start observer was called \(didStarts.count) times for \(starts.count) body runs",
                        operations: [label.id]))
            }
            if let start = starts.first, let didStart = didStarts.first, didStart.sequence > start.sequence {
                violations.append(
                    .init(
                        rule: "observers", message: "\(label)'s start observer came after its body started",
                        operations: [label.id]))
            }
            if let end = ends.last, let finish = didFinishes.first, finish.sequence < end.sequence {
                violations.append(
                    .init(
                        rule: "finish-while-running",
                        message: "\(label)'s finish observer ran while its body was still running",
                        operations: [label.id]))
            }
            if let finish = didFinishes.first, let start = starts.first, ends.isEmpty, finish.sequence > start.sequence
            {
                violations.append(
                    .init(
                        rule: "finish-while-running", message: "\(label) finished but its body never ended",
                        operations: [label.id]))
            }
            for end in ends {
                if case .bodyEnd(_, true) = end.kind {
                    violations.append(
                        .init(
                            rule: "finish-while-running",
                            message: "\(label) read isFinished while its body was still running", operations: [label.id]
                        ))
                }
            }
            if let produced = first({ if case .didProduce = $0 { true } else { false } }),
                case .didProduce(let other) = produced.kind,
                let otherStart = byOperation[other]?.first(where: { $0.kind == .bodyStart }),
                otherStart.sequence < produced.sequence
            {
                violations.append(
                    .init(
                        rule: "observers",
                        message: "\(label)'s produce observer came after the produced \(other) started",
                        operations: [label.id, other]))
            }
        }
        for label in operations {
            guard let children = facts[label.id]?.children, !children.isEmpty,
                let groupFinish = finishSequence[label.id]
            else { continue }
            for child in children {
                guard let childFinish = finishSequence[child] else {
                    violations.append(
                        .init(
                            rule: "group", message: "group \(label) finished while its child \(child) had not",
                            operations: [label.id, child]))
                    continue
                }
                if childFinish > groupFinish {
                    violations.append(
                        .init(
                            rule: "group", message: "group \(label) finished before its child \(child)",
                            operations: [label.id, child]))
                }
                if let end = (byOperation[child] ?? []).last(where: {
                    if case .bodyEnd = $0.kind { true } else { false }
                }), end.sequence > groupFinish {
                    violations.append(
                        .init(
                            rule: "group", message: "group \(label) finished while its child \(child) still ran",
                            operations: [label.id, child]))
                }
            }
        }
        // The rules that name a layer-wide bug (exclusivity, groups) come first in the summary.
        return exclusivityViolations(trace) + violations.filter { $0.rule == "group" }
            + violations.filter { $0.rule != "group" }
    }

    /// Bodies sharing a category never overlap.
    static func exclusivityViolations(_ trace: [AdvancedEvent]) -> [AdvancedViolation] {
        var holders: [String: OperationLabel] = [:]
        for event in trace {
            switch event.kind {
            case .bodyStart:
                for category in event.categories {
                    if let holder = holders[category], holder.id != event.operation.id {
                        return [
                            .init(
                                rule: "exclusivity",
                                message: "\(event.operation) started while \(holder) held category \(category)",
                                operations: [holder.id, event.operation.id])
                        ]
                    }
                    holders[category] = event.operation
                }
            case .bodyEnd:
                for category in event.categories where holders[category]?.id == event.operation.id {
                    holders[category] = nil
                }
            default: break
            }
        }
        return []
    }
}
