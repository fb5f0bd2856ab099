import QueueLabCore

/// `priority.no-starvation`: at width 1, a stream of higher-priority work keeps the queue busy
/// (``HigherPriorityStream``) while a few `veryLow` operations wait; each of them must start
/// within the bound the policy states, ``PolicyDeclaration/waitBound(priority:backlog:width:longestBody:)``,
/// plus a slack for the queue's own latency.
///
/// The bound's figures are measured, not assumed, so load on the machine widens the bound instead
/// of failing a correct queue:
/// - the wait runs from the return of `addOperation` (the policy's clock starts within the call,
///   so this is never longer than the wait it bounds);
/// - `backlog` is an upper bound on the ready operations at that moment: those added by then
///   (the add returned) less those started before the add began;
/// - `longestBody` is the longest *turn* seen during the wait: from one body's start to the next
///   body's start at width 1, i.e. a body plus the queue's latency to start the next one;
/// - the slack is two such turns and 1 ms: one turn for the pick already made when the wait
///   reached the top level, one for a queue that lists an added operation only at its next pick
///   (an actor's inbox), and 1 ms for reading clocks.
/// On a loaded machine a preempted thread lengthens the turns around it, and the bound
/// with them (a turn still open counts as long as it has lasted); a queue that starves `veryLow`
/// waits as long as the stream runs, until four times the bound and slack (see ``giveUpFactor``),
/// and fails with the bound measured then: the drain after the stream stops cannot excuse it.
enum StarvationScenario {
    /// One per ``StarvedArrival``.
    static let starvedCount = 4
    /// Work per stream body: short, so that an aging step spans many turns.
    static let bodyNanoseconds: UInt64 = 100_000
    static let clockSlack = Duration.milliseconds(1)
    /// The stream stops once the first waiting `veryLow` operation waited this many times its
    /// bound and slack (as measured so far): a starving queue has shown it by then.
    static let giveUpFactor = 4

    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        guard let policy = context.policy,
            policy.waitBound(priority: .veryLow, backlog: 0, width: 1, longestBody: .zero) != nil
        else {
            throw ScenarioAbort.unsupported(
                "the policy promises bounded-wait but states no bound (no aging step in its declaration)")
        }
        var waits: [StarvedWait] = []
        let backlogs = [0, 70, 300]
        let runs = context.level == .stress ? 12 : context.level.iterations
        try context.iterate(type, times: runs) { h in
            // On a loaded machine, stop starting runs once half the bound is gone (never a false STALE).
            guard !context.halfTimeBoundGone || waits.isEmpty else { return }
            // A backlog of higher work as well, past the sizes where a policy's lists grow.
            let backlog = backlogs[waits.count / starvedCount % backlogs.count]
            let (measured, stoppedBy) = try runOnce(h, policy, backlog: backlog)
            if let late = measured.first(where: { !$0.isWithinBound }) {
                throw ScenarioAbort.fail(
                    "\(late.name) (veryLow) waited \(ms(late.wait)) under steady higher-priority load; the policy's bound is \(ms(late.allowed)) (\(late.boundText))",
                    evidence: measured.map { .note(text: $0.line) } + [.note(text: "the stream stopped \(stoppedBy)")])
            }
            waits += measured
        }
        let longest = waits.max { $0.wait < $1.wait }
        let tightest = waits.max { $0.fraction < $1.fraction }
        guard let longest, let tightest else { return ScenarioPass("no run completed") }
        return ScenarioPass(
            "\(waits.count) veryLow waits, the longest \(ms(longest.wait)) within \(ms(longest.allowed)) (\(longest.boundText)); the closest to its bound used \(Int(tightest.fraction * 100)) % of it"
        )
    }

    /// One run: the waits, and why the stream stopped.
    private static func runOnce<Q: OperationQueueing>(_ h: Harness<Q>, _ policy: PolicyDeclaration, backlog: Int)
        throws -> ([StarvedWait], String)
    {
        let context = h.context
        let queue = h.makeQueue("starving", width: 1)
        let timeline = StartTimeline()
        let stream = HigherPriorityStream(
            queue: queue, timeline: timeline, progress: context.progress, bodyNanoseconds: bodyNanoseconds)
        defer { stream.stop() }
        context.currentPhase = "starting the higher-priority stream"
        try stream.start()
        // The queue is busy with the stream before the veryLow operations come.
        try waitFor(h, "the stream's first starts") {
            timeline.waitForStarts(2 * HigherPriorityStream<Q>.levels.count, until: $0)
        }
        if backlog > 0 {
            context.currentPhase = "adding a backlog of \(backlog) higher operations"
            let levels = HigherPriorityStream<Q>.levels
            let extra = (0..<backlog).map { index in
                Q.Operation(
                    name: "b\(index)", priority: levels[index % levels.count],
                    body: .synchronous { op in
                        timeline.started(op.name ?? "backlog")
                        MonotonicClock.spin(nanoseconds: bodyNanoseconds)
                    })
            }
            try queue.addOperations(extra, waitUntilFinished: false)
            timeline.noteAdded(backlog)
        }
        var pending: [(name: String, addedAt: UInt64, backlog: Int)] = []
        // The veryLow operations become ready each a different way, since a policy may age one
        // way and not another: a single add, a member of a batch, a dependency's release, a
        // priority lowered while ready.
        let helper = context.has(.crossQueueDependencies) ? h.makeQueue("keys", width: 1) : nil
        for index in 0..<starvedCount {
            let name = "v\(index)"
            let op = Q.Operation(
                name: name, priority: .veryLow,
                body: .synchronous { _ in timeline.started(name, starved: index) })
            context.currentPhase = "adding \(name) (veryLow) under load"
            let startedBefore = timeline.startedCount
            try StarvedArrival(rawValue: index % starvedCount)?.bring(
                op, to: queue, helper: helper, timeline: timeline, h)
            let addedAt = MonotonicClock.now()
            timeline.noteAdded()
            context.progress.note()
            // Ready then, at most: every operation added by now (this one aside) not started before the add.
            pending.append((name, addedAt, max(0, timeline.addedCount - 1 - startedBefore)))
        }
        // Wait for the veryLow starts while the stream runs; stop it once the first one waited
        // far past its bound (as measured so far) or a quarter of the check's time bound went by.
        context.currentPhase = "waiting for the veryLow operations under load"
        let hardStop = MonotonicClock.now() &+ (context.timeBound / 4).nanoseconds
        var stoppedBy = "after every veryLow operation started"
        var gaveUp: [StarvedWait]?
        while !timeline.waitForStarvedStarts(starvedCount, until: min(hardStop, MonotonicClock.now() &+ 2_000_000)) {
            let now = MonotonicClock.now()
            let soFar = measure(pending, timeline.snapshot, policy, at: now)
            if let late = soFar.first(where: { !$0.started && $0.wait > $0.allowed * giveUpFactor }) {
                stoppedBy = "after \(late.name) waited \(ms(late.wait)), \(giveUpFactor) times its bound and slack"
                gaveUp = soFar
                break
            }
            if now >= hardStop {
                stoppedBy = "after a quarter of the check's time bound"
                break
            }
        }
        stream.stop()
        try h.waitForAll("the stream and the veryLow operations")
        if let refused = stream.refused { throw ScenarioAbort.fail(refused, evidence: []) }
        // A wait that outgrew its bound while the stream ran is the verdict: the turns of the
        // drain after the stream stopped (long ones, on a loaded machine) must not widen the bound
        // of a wait that was already over.
        return (gaveUp ?? measure(pending, timeline.snapshot, policy, at: MonotonicClock.now()), stoppedBy)
    }

    private static func waitFor<Q: OperationQueueing>(
        _ h: Harness<Q>, _ what: String, _ wait: (UInt64) -> Bool
    ) throws {
        h.context.currentPhase = "waiting for \(what)"
        if !h.deadline.keepWaiting({ wait(MonotonicClock.now() &+ $0.nanoseconds) }) {
            throw ScenarioAbort.stale(
                "\(what) did not come: \(h.context.stallDescription)", evidence: h.stallEvidence(first: nil))
        }
    }

    /// Each veryLow operation's wait (until `now` for one not started yet) against its bound, with
    /// the turns seen during that wait.
    private static func measure(
        _ pending: [(name: String, addedAt: UInt64, backlog: Int)], _ starts: [StartTimeline.Start],
        _ policy: PolicyDeclaration, at now: UInt64
    ) -> [StarvedWait] {
        pending.map { item in
            let startIndex = starts.firstIndex { $0.name == item.name }
            let startedAt = startIndex.map { starts[$0].nanoseconds } ?? now
            // Turns that ended (the next body started) during the wait, up to this operation's own start.
            // A turn still open at `now` (a preempted body) counts as long as it has lasted, so a
            // load that stalls the queue widens the bound before it can look like starvation.
            var longestTurn: UInt64 = startIndex == nil ? now &- min(now, starts.last?.nanoseconds ?? now) : 0
            var others = 0
            for index in starts.indices.dropFirst() {
                let turnEnd = starts[index].nanoseconds
                if turnEnd > item.addedAt && turnEnd <= startedAt {
                    longestTurn = max(longestTurn, turnEnd - starts[index - 1].nanoseconds)
                    if index != startIndex { others += 1 }
                }
            }
            let turn = Duration.nanoseconds(Int64(longestTurn))
            let bound =
                policy.waitBound(priority: .veryLow, backlog: item.backlog, width: 1, longestBody: turn) ?? .zero
            return StarvedWait(
                name: item.name, started: startIndex != nil,
                wait: .nanoseconds(Int64(startedAt > item.addedAt ? startedAt - item.addedAt : 0)),
                backlog: item.backlog, longestTurn: turn,
                bound: bound, slack: turn * 2 + clockSlack, othersStarted: others, step: policy.agingStep ?? .zero)
        }
    }
}

/// One `veryLow` wait, measured, and the bound it must keep.
struct StarvedWait: Sendable {
    let name: String
    let started: Bool
    let wait: Duration
    let backlog: Int
    let longestTurn: Duration
    /// ``PolicyDeclaration/waitBound(priority:backlog:width:longestBody:)`` with the longest turn.
    let bound: Duration
    let slack: Duration
    /// Other bodies that started while it waited.
    let othersStarted: Int
    let step: Duration

    var allowed: Duration { bound + slack }
    var isWithinBound: Bool { started && wait <= allowed }
    var fraction: Double { Double(wait.nanoseconds) / Double(max(1, allowed.nanoseconds)) }

    var boundText: String {
        "4 × step \(ms(step)) + (backlog \(backlog) + 1) × longest turn \(ms(longestTurn)), plus slack \(ms(slack))"
    }

    var line: String {
        "\(name): waited \(ms(wait))\(started ? "" : " and never started") while \(othersStarted) others started; allowed \(ms(allowed)) = \(boundText)"
    }
}

/// `12.345 ms`: waits and turns are milliseconds here.
func ms(_ duration: Duration) -> String {
    let microseconds = Int(duration.nanoseconds / 1_000)
    let fraction = String(microseconds % 1_000)
    return "\(microseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
}

extension Check {
    static let priorityNoStarvation = Check(
        id: "priority.no-starvation",
        summary: "width 1, steady higher-priority load: every veryLow wait stays within the policy's stated bound",
        sight: CheckSight(
            sees:
                "each `veryLow` wait under steady higher load within the policy's declared bound, measured turns included",
            cannotSee:
                "waits of other levels; loads other than one ready operation per level"),
        requirements: [.priorities, .width],
        promises: PromiseRequirement([.boundedWait]),
        run: { queue, context in try StarvationScenario.run(queue, context) })
}
