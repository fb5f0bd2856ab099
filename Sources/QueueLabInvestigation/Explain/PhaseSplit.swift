import QueueLabCore

/// Splits one operation's life into ``ExplainPhase``s, whole or from a given instant on (a link of
/// the critical path counts only what came after its predecessor finished).
struct PhaseSplit: Sendable {
    let lives: [OperationLife]
    /// Per queue index; operations of no known queue get `unqueued`.
    let timelines: [QueueTimeline]
    let unqueued: QueueTimeline

    func timeline(of life: OperationLife) -> QueueTimeline {
        life.queue >= 0 && life.queue < timelines.count ? timelines[life.queue] : unqueued
    }

    /// The phases of `lives[member]` from `from` (clamped into its life) to its finish.
    func phases(of member: Int, from: Int? = nil) -> OperationPhases {
        let life = lives[member]
        let start = Swift.min(Swift.max(from ?? life.added, life.added), life.finished)
        var phases = OperationPhases()
        func span(_ a: Int, _ b: Int) -> Int { Swift.max(0, b - Swift.max(a, start)) }
        phases[.addCall] = span(life.added, life.recorded)
        phases[.dependencies] = span(life.recorded, life.ready)
        guard let executing = life.executing else {
            phases[.cancelled] = span(life.ready, life.finished)
            return phases
        }
        let waitFrom = Swift.max(life.ready, start)
        if waitFrom < executing {
            let queue = timeline(of: life)
            let saturated = queue.saturated(until: executing) - queue.saturated(until: waitFrom)
            var held = 0
            if let other = queue.lastOtherStart(before: member, since: waitFrom) {
                let heldUntil = Swift.min(other, executing)
                held = (heldUntil - waitFrom) - (queue.saturated(until: heldUntil) - queue.saturated(until: waitFrom))
            }
            phases[.slotWait] = saturated
            phases[.heldBack] = held
            phases[.queueOverhead] = (executing - waitFrom) - saturated - held
            // A suspended queue has free slots and starts nothing: what the split above called
            // overhead or held back (or, with its slots still busy, slot wait) was its owner's hold.
            var suspended = queue.suspended(from: waitFrom, to: executing)
            for phase in [ExplainPhase.queueOverhead, .heldBack, .slotWait] where suspended > 0 {
                let moved = Swift.min(phases[phase], suspended)
                phases[phase] -= moved
                phases[.suspended] += moved
                suspended -= moved
            }
        }
        let bodyStart = life.bodyStart ?? executing
        let bodyEnd = life.bodyEnd ?? life.finished
        phases[.handOff] = span(executing, bodyStart)
        phases[.body] = span(bodyStart, bodyEnd)
        phases[.release] = span(bodyEnd, life.finished)
        return phases
    }
}
