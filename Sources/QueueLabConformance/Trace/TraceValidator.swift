import QueueLabCore

/// The one sequential reference model of the suite: replays a recorded trace against the
/// contract's rules. Every check ends by calling it, so a new check is mostly a scenario.
///
/// Rules: transitions delivered in the order they were made; forward-only states; exactly one finished transition; no body twice; bodies run or not
/// as declared; a body sees its operation executing and its dependencies finished; executing
/// bodies never exceed the width; start order when declared; barrier order; completion handler
/// exactly once, after finished.
public enum TraceValidator {
    /// Replays `trace`, in recording order (``TraceRecorder/snapshot``), against `expect`: every
    /// rule the trace broke, empty when it broke none.
    public static func validate(_ trace: [TraceEvent], against expect: TraceExpectations) -> [Violation] {
        var violations: [Violation] = []
        let byOperation = Dictionary(grouping: trace, by: \.operation)
        let names = Dictionary(expect.operations.map { ($0.id, $0.label.description) }, uniquingKeysWith: { a, _ in a })
        func name(_ id: OperationID) -> String { names[id] ?? id.description }

        var endSequence: [OperationID: Int] = [:]
        var startSequence: [OperationID: Int] = [:]
        for event in trace {
            switch event.kind {
            case .bodyStarted: startSequence[event.operation] = startSequence[event.operation] ?? event.sequence
            case .bodyEnded: endSequence[event.operation] = event.sequence
            default: break
            }
        }

        for facts in expect.operations {
            let events = byOperation[facts.id] ?? []
            let who = name(facts.id)
            if expect.observed {
                violations += transitionViolations(events, who: who, facts: facts, expect: expect)
            }
            let starts = events.filter { if case .bodyStarted = $0.kind { true } else { false } }
            if starts.count > 1 {
                violations.append(
                    Violation(
                        rule: "exactly-once", message: "\(who) ran its body \(starts.count) times",
                        operations: [facts.id]))
            }
            switch facts.run {
            case .must where starts.isEmpty:
                violations.append(Violation(rule: "runs", message: "\(who) never ran its body", operations: [facts.id]))
            case .mustNot where !starts.isEmpty:
                violations.append(
                    Violation(
                        rule: "cancel", message: "\(who) ran its body although it was cancelled before it started",
                        operations: [facts.id]))
            default: break
            }
            for start in starts {
                guard case .bodyStarted(let observed, _, let depStates) = start.kind else { continue }
                if observed != .executing {
                    violations.append(
                        Violation(
                            rule: "state", message: "\(who)'s body read its own state as \(observed), not executing",
                            operations: [facts.id]))
                }
                for (index, depState) in depStates.enumerated()
                where depState != .finished && index < facts.dependencies.count {
                    let dep = facts.dependencies[index]
                    violations.append(
                        Violation(
                            rule: "dependencies",
                            message: "\(who) started while its dependency \(name(dep)) was \(depState)",
                            operations: [facts.id, dep]))
                }
                for dep in facts.dependencies {
                    if let depEnd = endSequence[dep], depEnd > start.sequence,
                        startSequence[dep].map({ $0 < start.sequence }) ?? false
                    {
                        violations.append(
                            Violation(
                                rule: "dependencies",
                                message: "\(who) started before its dependency \(name(dep))'s body ended",
                                operations: [facts.id, dep]))
                    }
                }
                if expect.observed, let finished = events.first(where: { $0.kind == .transition(.finished) }),
                    finished.sequence < start.sequence
                {
                    violations.append(
                        Violation(
                            rule: "state", message: "\(who)'s body started after the queue reported it finished",
                            operations: [facts.id]))
                }
            }
            if expect.completions {
                let completions = events.filter { if case .completion = $0.kind { true } else { false } }
                if completions.count != 1 {
                    violations.append(
                        Violation(
                            rule: "completion",
                            message: "\(who)'s completion handler ran \(completions.count) times, not once",
                            operations: [facts.id]))
                }
                for completion in completions {
                    if case .completion(let observed) = completion.kind, observed != .finished {
                        violations.append(
                            Violation(
                                rule: "completion", message: "\(who)'s completion handler ran while it was \(observed)",
                                operations: [facts.id]))
                    }
                }
            }
            for event in events {
                if case .note(let text) = event.kind {
                    violations.append(Violation(rule: "harness", message: "\(who): \(text)", operations: [facts.id]))
                }
            }
        }

        if let width = expect.width { violations += widthViolations(trace, width: width) }
        if let order = expect.startOrder { violations += orderViolations(trace, order: order, name: name) }
        for barrier in expect.barriers {
            violations += barrierViolations(
                trace, barrier: barrier, starts: startSequence, ends: endSequence, name: name)
        }
        for race in expect.barrierRaces {
            violations += barrierRaceViolations(
                trace, race: race, starts: startSequence, ends: endSequence, name: name)
        }
        return violations
    }

    private static func transitionViolations(
        _ events: [TraceEvent], who: String, facts: OperationFacts, expect: TraceExpectations
    ) -> [Violation] {
        var violations: [Violation] = []
        // Judged in the order the observer received them: the contract promises each operation's
        // transitions in the order they were made, so a delivery that overtook an earlier one is a
        // violation of its own, never sorted back into place.
        let transitions = events.filter(\.isTransition)
        var lastSequence: UInt64 = 0
        for event in transitions {
            if event.causalSequence < lastSequence {
                violations.append(
                    Violation(
                        rule: "delivery-order",
                        message:
                            "\(who)'s \(event.kind) (sequence \(event.causalSequence)) was delivered after a transition made later (sequence \(lastSequence))",
                        operations: [facts.id]))
                break
            }
            lastSequence = event.causalSequence
        }
        var current: OperationState?
        var finishedCount = 0
        var cancelledCount = 0
        for event in transitions {
            guard case .transition(let change) = event.kind else { continue }
            guard let next = change.state else {
                cancelledCount += 1
                continue
            }
            if next == .finished { finishedCount += 1 }
            if let from = current {
                let lateDependency = expect.allowsReadyToPending && from == .ready && next == .pending
                if next <= from && !lateDependency {
                    violations.append(
                        Violation(
                            rule: "forward-only", message: "\(who) went from \(from) to \(next)", operations: [facts.id]
                        ))
                }
            }
            current = next
        }
        if cancelledCount > 1 {
            violations.append(
                Violation(
                    rule: "forward-only", message: "\(who) reported cancelled \(cancelledCount) times",
                    operations: [facts.id]))
        }
        if expect.allFinished && finishedCount != 1 {
            violations.append(
                Violation(
                    rule: "finished", message: "\(who) reported finished \(finishedCount) times, not once",
                    operations: [facts.id]))
        }
        let ran = events.contains { if case .bodyStarted = $0.kind { true } else { false } }
        if ran && !transitions.contains(where: { $0.kind == .transition(.executing) }) {
            violations.append(
                Violation(
                    rule: "state", message: "\(who) ran its body but never reported executing", operations: [facts.id]))
        }
        return violations
    }

    private static func widthViolations(_ trace: [TraceEvent], width: Int) -> [Violation] {
        var running: Set<OperationID> = []
        for event in trace {
            switch event.kind {
            case .bodyStarted:
                running.insert(event.operation)
                if running.count > width {
                    return [
                        Violation(
                            rule: "width", message: "\(running.count) bodies executing at once with width \(width)",
                            operations: Array(running).sorted())
                    ]
                }
            case .bodyEnded: running.remove(event.operation)
            default: break
            }
        }
        return []
    }

    private static func orderViolations(_ trace: [TraceEvent], order: [OperationID], name: (OperationID) -> String)
        -> [Violation]
    {
        let expected = Set(order)
        var actual: [OperationID] = []
        for event in trace {
            if case .bodyStarted = event.kind, expected.contains(event.operation) { actual.append(event.operation) }
        }
        guard actual != order else { return [] }
        let firstWrong = Array(zip(actual, order)).firstIndex { $0.0 != $0.1 } ?? min(actual.count, order.count)
        // Thousands of operations may be queued: show the neighbourhood of the first difference.
        func around(_ ids: [OperationID]) -> String {
            let from = max(0, firstWrong - 3)
            let to = min(ids.count, firstWrong + 8)
            let shown = from < to ? ids[from..<to].map(name).joined(separator: " ") : ""
            return (from > 0 ? "... " : "") + shown + (to < ids.count ? " ..." : "")
        }
        let window = Array(order[min(firstWrong, order.count)..<min(order.count, firstWrong + 8)])
        return [
            Violation(
                rule: "order",
                message:
                    "started \(around(actual)); expected \(around(order)) (first difference at position \(firstWrong) of \(order.count))",
                operations: window)
        ]
    }

    private static func barrierRaceViolations(
        _ trace: [TraceEvent], race: (index: Int, racing: [OperationID]),
        starts: [OperationID: Int], ends: [OperationID: Int], name: (OperationID) -> String
    ) -> [Violation] {
        guard let ran = trace.first(where: { $0.kind == .barrier(index: race.index) }) else {
            return [Violation(rule: "barrier", message: "barrier \(race.index) never ran", operations: [])]
        }
        return race.racing.compactMap { op in
            guard let start = starts[op], start < ran.sequence, (ends[op] ?? Int.max) > ran.sequence else { return nil }
            return Violation(
                rule: "barrier",
                message: "\(name(op)) (added while barrier \(race.index) was added) ran alongside it: on neither side",
                operations: [op])
        }
    }

    private static func barrierViolations(
        _ trace: [TraceEvent], barrier: (index: Int, before: [OperationID], after: [OperationID]),
        starts: [OperationID: Int], ends: [OperationID: Int], name: (OperationID) -> String
    ) -> [Violation] {
        guard let ran = trace.first(where: { $0.kind == .barrier(index: barrier.index) }) else {
            return [Violation(rule: "barrier", message: "barrier \(barrier.index) never ran", operations: [])]
        }
        var violations: [Violation] = []
        for op in barrier.before {
            if starts[op] != nil, (ends[op] ?? Int.max) > ran.sequence {
                violations.append(
                    Violation(
                        rule: "barrier",
                        message: "barrier \(barrier.index) ran before \(name(op)) (added before it) ended",
                        operations: [op]))
            }
        }
        for op in barrier.after {
            if let start = starts[op], start < ran.sequence {
                violations.append(
                    Violation(
                        rule: "barrier",
                        message: "\(name(op)) (added after barrier \(barrier.index)) started before it ran",
                        operations: [op]))
            }
        }
        return violations
    }
}
