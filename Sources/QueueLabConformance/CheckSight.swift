/// What a check sees and what it cannot see: one row of the article "What each check can and
/// cannot see". Checks that share a row share one value, declared here; a check with a row of its
/// own declares its sight beside its scenario.
struct CheckSight: Sendable {
    let sees: String
    let cannotSee: String
}

extension CheckSight {
    /// `cancel.before-start`, `cancel.waiting`, `cancel.suspended`.
    static let cancelledBeforeItRuns = CheckSight(
        sees:
            "a cancelled operation that had not started never runs, finishes once, completion once, dependents run uncancelled",
        cannotSee:
            "cancels that land between hand-off and body start (that is `once.cancel-race` and `cancel.race`)")

    /// `once.body`, `once.completion`.
    static let atMostOnceUnderLoad = CheckSight(
        sees:
            "every body and completion handler at most (exactly) once under load",
        cannotSee:
            "a duplicate that needs a race the load never produced")

    /// `deps.chain`, `deps.diamond`, `deps.fan`, `deps.random-dag`.
    static let dependencyGraphs = CheckSight(
        sees:
            "every body saw its dependencies finished, and started after their bodies ended",
        cannotSee:
            "graphs the seed never drew (use `--seeds` for more)")

    /// `deps.late`, `deps.removed`, `deps.finished`.
    static let edgesWhileWaiting = CheckSight(
        sees:
            "edges added or removed while operations wait in a suspended queue, and edges to finished operations",
        cannotSee:
            "an edge added in the instant a worker takes the operation (a race no scenario aims at)")

    /// `deps.cross-queue`, `cycle.cross-queue`.
    static let acrossTwoQueues = CheckSight(
        sees:
            "edges and cycles between two queues of the same implementation",
        cannotSee:
            "edges to a queue of another implementation")

    /// `cycle.*`.
    static let cycles = CheckSight(
        sees:
            "a cycle rejected with its members named, or deadlocked with other work running and cancel releasing it",
        cannotSee:
            "a cycle formed by removing and re-adding edges concurrently")

    /// `priority.order`, `priority.fifo`, `priority.change`, `priority.deps-win`.
    static let oneBurstAtWidthOne = CheckSight(
        sees:
            "the start order of one burst on a resumed width-1 queue, past the queue's internal sizes",
        cannotSee:
            "order among operations that become ready while the queue runs (the `order.*` checks see that)")

    /// `order.strict-priority`, `order.fifo-within-level`, `order.lifo-within-level`, `order.ready-order`.
    static let eachOrderPromise = CheckSight(
        sees:
            "each promise alone, at every start of a width-1 queue while work arrives, judged against the reference model's ready set; one run per backlog size (70, 300, 1,100; 4,200 at `stress`)",
        cannotSee:
            "the order at widths above 1, where which free worker starts first is a race; backlogs past the largest size the level builds"
    )

    /// `liveness.wakeups`, `liveness.dependency-removed`.
    static let wakeups = CheckSight(
        sees:
            "for each state in which exactly one call can let an operation run (resume, a finished or removed dependency, a raised width...), nothing starts before the call and the operation runs after it, idle workers retired first where the row says so",
        cannotSee:
            "a lost wake-up that the queue recovers from within the observation window by some other event")

    /// `width.limit`, `width.async`, `width.blocking-body`.
    static let width = CheckSight(
        sees:
            "executing bodies never above the width and reaching it; asynchronous operations holding their slot; a blocked body not stalling the queue",
        cannotSee:
            "a width exceeded between two trace events too close for the bodies to overlap")

    /// `wait.all`, `wait.completion`.
    static let waits = CheckSight(
        sees:
            "waits cover operations added while waiting and do not wait for completion handlers",
        cannotSee:
            "waits in states those two scenarios do not build (`wait.unfinished` builds each)")

    /// `lifetime.idle`, `lifetime.pending`.
    static let lifetime = CheckSight(
        sees:
            "a dropped idle queue freed, a dropped busy one alive until its work finished",
        cannotSee:
            "leaks of other objects than the queue")

    /// `model.contract`, `model.policy`.
    static let generatedPrograms = CheckSight(
        sees:
            "generated programs over every call of the protocol in every state the model can judge (one to three queues, held bodies the program releases, asynchronous `finish()`, batches, late and removed edges within and across queues, cycles up to 300 members, cancels, priority changes, width changes, suspension, barriers, bounded and unbounded waits, misuse, reads, dropped queues), each start, finish, completion and transition judged against the contract's executable model, clause by clause (`TheContract` in QueueLabCore); a failure shrunk and printed as Swift; per-clause coverage",
        cannotSee:
            "races (every body is held, so the program decides what runs: the race checks above stay), timing promises (`bounded-wait`), the default width (programs set widths 1 to 4), lagging reads of state beyond a quarter of the patience (longer while the checker itself is starved of CPU, never past twice the patience), the flag of a member `cancelAllOperations` reached after its finish was seen (either value accepted), a cancel that raced a start the model could not place (judged by the body's first read of the flag), the order among operations released on a worker in the same step (not judged), cycles closed through work that started or was cancelled, barriers on a queue that declares `barrier.before` and `removeDependency` of queued work on one that declares `deps.removed` (Foundation: none are made), and `cancelAllOperations` while a barrier waits"
    )

    /// `advanced.*`.
    static let advancedLayer = CheckSight(
        sees:
            "the Advanced-NSOperations layer's conditions, exclusivity, observers and groups over the queue",
        cannotSee:
            "the layer's behaviour on queues without dependencies or cancellation")
}
