import QueueLabCore

/// The catalogue: IDs, descriptions, requirements, and the dispatch to each scenario.
enum CheckKind: String, CaseIterable, Sendable {
    case stateExclusivity = "state.exclusivity"
    case cancelBeforeStart = "cancel.before-start"
    case cancelWaiting = "cancel.waiting"
    case cancelExecuting = "cancel.executing"
    case cancelSuspended = "cancel.suspended"
    case cancelAll = "cancel.all"
    case cancelRace = "cancel.race"
    case depsChain = "deps.chain"
    case depsDiamond = "deps.diamond"
    case depsFan = "deps.fan"
    case depsLate = "deps.late"
    case depsRemoved = "deps.removed"
    case depsFinished = "deps.finished"
    case depsCrossQueue = "deps.cross-queue"
    case depsRandomDAG = "deps.random-dag"
    case priorityOrder = "priority.order"
    case priorityFIFO = "priority.fifo"
    case priorityChange = "priority.change"
    case priorityDependenciesWin = "priority.deps-win"
    case priorityNoStarvation = "priority.no-starvation"
    case priorityWeightedShare = "priority.weighted-share"
    case priorityInheritance = "priority.inheritance"
    case orderStrictPriority = "order.strict-priority"
    case orderFIFOWithinLevel = "order.fifo-within-level"
    case orderLIFOWithinLevel = "order.lifo-within-level"
    case orderReadyOrder = "order.ready-order"
    case orderWeightedShares = "order.weighted-shares"
    case orderInheritance = "order.inheritance"
    case orderLongestChain = "order.longest-chain"
    case cycleSelf = "cycle.self"
    case cycleTwo = "cycle.two"
    case cycleThree = "cycle.three"
    case cycleInDAG = "cycle.in-dag"
    case cycleCrossQueue = "cycle.cross-queue"
    case widthLimit = "width.limit"
    case widthAsync = "width.async"
    case widthBlockingBody = "width.blocking-body"
    case suspendResume = "suspend.resume"
    case barrierOrder = "barrier.order"
    case waitAll = "wait.all"
    case waitCompletion = "wait.completion"
    case batchAtomic = "batch.atomic"
    case batchFIFO = "batch.fifo"
    case livenessWakeups = "liveness.wakeups"
    case livenessDependencyRemoved = "liveness.dependency-removed"
    case waitUnfinished = "wait.unfinished"
    case lifetimeIdle = "lifetime.idle"
    case lifetimePending = "lifetime.pending"
    case onceBody = "once.body"
    case onceCancelRace = "once.cancel-race"
    case onceCompletion = "once.completion"
    case misuseErrors = "misuse.errors"
    case advancedConditionFails = "advanced.condition-fails"
    case advancedConditionDependency = "advanced.condition-dependency"
    case advancedConditionsConcurrent = "advanced.conditions-concurrent"
    case advancedExclusivity = "advanced.exclusivity"
    case advancedObservers = "advanced.observers"
    case advancedCancelRunning = "advanced.cancel-running"
    case advancedGroup = "advanced.group"
    case advancedGroupCancel = "advanced.group-cancel"
    case advancedStress = "advanced.stress"
    case modelContract = "model.contract"
    case modelPolicy = "model.policy"

    var summary: String {
        switch self {
        case .stateExclusivity: "states move forward only, never two at once (trace and a sampling thread)"
        case .cancelBeforeStart:
            "cancelled before start: never runs, finishes, completion once, dependents run uncancelled"
        case .cancelWaiting: "cancelled while waiting on dependencies: ready at once, never runs"
        case .cancelExecuting: "cancelled while executing: the body sees it and the operation finishes"
        case .cancelSuspended: "cancelled while the queue is suspended: never runs, finishes"
        case .cancelAll: "cancelAllOperations with work queued and running"
        case .cancelRace:
            "cancels at random points of random graphs, aimed at the hand-off until 30 / 300 / 2,996 landed: at most once, always finishes"
        case .depsChain: "a chain runs in dependency order"
        case .depsDiamond: "diamonds: a join starts after both branches"
        case .depsFan: "wide fan-out and fan-in"
        case .depsLate: "dependencies added after enqueue (before start) still hold"
        case .depsRemoved: "a removed dependency (before or after enqueue) no longer holds"
        case .depsFinished: "a dependency on a finished operation is a no-op"
        case .depsCrossQueue: "dependencies across two queues"
        case .depsRandomDAG: "random DAGs from the seed, shrunk on failure"
        case .priorityOrder: "width 1, resumed: strict priority, FIFO (or the promised LIFO) within a level"
        case .priorityFIFO: "width 1, one level: first added, first started (last first under a LIFO policy)"
        case .priorityChange: "a priority changed after enqueue moves the operation"
        case .priorityDependenciesWin: "dependencies win over priority (and the rest in the promised order)"
        case .priorityNoStarvation:
            "width 1, steady higher-priority load: every veryLow wait stays within the policy's stated bound"
        case .priorityWeightedShare: "width 1, every level ready: starts per level match the policy's weights"
        case .priorityInheritance:
            "width 1: a veryLow operation a veryHigh one waits for runs before a normal backlog, and drops back when the dependent is cancelled"
        case .orderStrictPriority:
            "width 1, work arriving while it runs, backlogs past 70/300/1,100: every start is of the highest ready level"
        case .orderFIFOWithinLevel:
            "width 1, work arriving while it runs: every start is the earliest-listed ready operation of its level"
        case .orderLIFOWithinLevel:
            "width 1, work arriving while it runs: every start is the latest-listed ready operation of its level"
        case .orderReadyOrder:
            "width 1, work arriving while it runs: every start is the earliest-listed ready operation of all"
        case .orderWeightedShares:
            "width 1, all five levels kept busy while work arrives: each level's starts within a relative tolerance of its weight"
        case .orderInheritance:
            "width 1, inversions arriving while it runs (chains 1-3 deep, same queue and across queues, raises, cancels): every start of the highest effective level"
        case .orderLongestChain:
            "width 1, chains of waiting operations (some past the cap) built and grown while it runs: within a level, the longest chain first"
        case .cycleSelf: "self-dependency: rejected, or never runs and cancel releases"
        case .cycleTwo: "2-cycle: rejected, or deadlock that leaves other work running"
        case .cycleThree: "3-cycle: rejected, or deadlock that leaves other work running"
        case .cycleInDAG: "a cycle inside a larger DAG"
        case .cycleCrossQueue: "a cycle across two queues"
        case .widthLimit: "executing never exceeds the width and reaches it"
        case .widthAsync: "asynchronous operations hold their slot until finish()"
        case .widthBlockingBody: "a body blocked until a later operation of its queue runs does not stall it"
        case .suspendResume: "nothing starts while suspended; running work goes on"
        case .barrierOrder:
            "a barrier runs after everything before it, before everything after; racing adds land on one side"
        case .waitAll: "waiting covers operations added while waiting"
        case .waitCompletion: "waits return once the operations finished, without waiting for completion handlers"
        case .batchAtomic:
            "a batch enters a serial queue as one unit, added while its worker runs: the first body sees every member, the promised order, and a member's cancelAll reaches the rest"
        case .batchFIFO:
            "batches with dependency edges on a suspended serial queue, at every priority mix: the ready members start by priority, then in the order added"
        case .livenessWakeups:
            "every call that can make work runnable (add, batch, block, resume, width, finish, dependency done, cancel, barrier, priority change) does, in every state"
        case .livenessDependencyRemoved:
            "removing the only unfinished dependency lets the operation run, in every state"
        case .waitUnfinished:
            "every wait holds while an operation it covers is unfinished (pending, suspended, width full, executing, cancelled) and returns once it finished"
        case .lifetimeIdle: "a dropped queue whose operations finished is freed, though the caller keeps them"
        case .lifetimePending: "a dropped queue lives until its unfinished operations finished"
        case .onceBody: "no body runs twice, under load"
        case .onceCancelRace:
            "cancels aimed at the hand-off until 300 / 2,996 / 29,958 landed before the body began (a 1 in 100 / 1,000 / 10,000 duplicate rate seen at 95 %): no body twice"
        case .onceCompletion: "completion handler exactly once, after finished"
        case .misuseErrors: "misuse throws a descriptive error instead of crashing"
        case .advancedConditionFails:
            "advanced: a failed condition finishes the operation with its error, body never runs"
        case .advancedConditionDependency:
            "advanced: log in, then like (a condition's dependency first, then the condition, then the body)"
        case .advancedConditionsConcurrent: "advanced: an operation's conditions are evaluated concurrently"
        case .advancedExclusivity: "advanced: one body per category at a time, several categories at once"
        case .advancedObservers: "advanced: start, produce and finish observers exactly once, in order"
        case .advancedCancelRunning: "advanced: cancelled while running, it finishes only after its body"
        case .advancedGroup: "advanced: a group finishes after all its children, with their errors"
        case .advancedGroupCancel: "advanced: cancelling a group cancels its children; it finishes after them"
        case .advancedStress: "advanced: exclusivity, groups, dependencies and cancels mixed: nothing stuck"
        case .modelContract:
            "generated programs over every call in every state, judged by the contract's executable model; failures shrunk"
        case .modelPolicy:
            "generated backlogs at subsets of levels, churn of priority changes and cancels, chains: every start judged against the policy's promises"
        }
    }

    var requirements: QueueCapabilities {
        switch self {
        case .stateExclusivity, .depsChain, .depsDiamond, .depsFan, .depsFinished, .depsRandomDAG: [.dependencies]
        case .cancelBeforeStart: [.cancellation, .dependencies, .suspension]
        case .cancelWaiting: [.cancellation, .dependencies]
        case .cancelExecuting, .cancelAll, .onceCompletion, .onceCancelRace: [.cancellation]
        case .cancelSuspended: [.cancellation, .suspension]
        case .cancelRace: [.cancellation, .dependencies]
        case .depsLate: [.dependencies, .suspension]
        case .depsRemoved: [.dependencies]
        case .depsCrossQueue: [.dependencies, .crossQueueDependencies]
        case .priorityOrder, .priorityFIFO, .priorityChange, .priorityWeightedShare: [.priorities, .width, .suspension]
        case .priorityNoStarvation: [.priorities, .width]
        case .priorityInheritance: [.priorities, .width, .suspension, .dependencies, .cancellation]
        case .priorityDependenciesWin: [.priorities, .width, .suspension, .dependencies]
        case .orderLongestChain:
            [.priorities, .width, .suspension, .dependencies, .cancellation, .crossQueueDependencies]
        case .orderInheritance:
            [.priorities, .width, .suspension, .dependencies, .cancellation, .crossQueueDependencies]
        case .orderStrictPriority, .orderFIFOWithinLevel, .orderLIFOWithinLevel, .orderReadyOrder, .orderWeightedShares:
            [.priorities, .width, .dependencies, .crossQueueDependencies]
        case .cycleSelf, .cycleTwo, .cycleThree, .cycleInDAG: [.dependencies, .cancellation]
        case .cycleCrossQueue: [.dependencies, .cancellation, .crossQueueDependencies]
        case .widthLimit, .widthBlockingBody: [.width]
        case .widthAsync: [.width, .asynchronousOperations]
        case .suspendResume: [.suspension]
        case .barrierOrder: [.barriers]
        case .waitAll, .onceBody, .waitCompletion: []
        case .batchAtomic: [.priorities, .width, .cancellation]
        case .batchFIFO: [.priorities, .width, .suspension, .dependencies]
        case .livenessWakeups, .livenessDependencyRemoved: [.width, .suspension]
        case .waitUnfinished: [.width, .suspension]
        case .lifetimeIdle, .lifetimePending: [.lifetime]
        case .misuseErrors: [.misuseErrors]
        case .advancedConditionFails, .advancedConditionDependency, .advancedConditionsConcurrent, .advancedExclusivity,
            .advancedObservers, .advancedCancelRunning, .advancedGroup, .advancedGroupCancel, .advancedStress:
            [.dependencies, .cancellation, .width]
        case .modelContract:
            [
                .dependencies, .cancellation, .width, .suspension, .priorities, .asynchronousOperations, .barriers,
                .crossQueueDependencies,
            ]
        case .modelPolicy: [.dependencies, .cancellation, .width, .suspension, .priorities, .crossQueueDependencies]
        }
    }

    func run<Q: OperationQueueing>(on queue: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        switch self {
        case .stateExclusivity: try GraphScenarios.stateExclusivity(queue, context)
        case .cancelBeforeStart: try CancellationScenarios.beforeStart(queue, context)
        case .cancelWaiting: try CancellationScenarios.waiting(queue, context)
        case .cancelExecuting: try CancellationScenarios.executing(queue, context)
        case .cancelSuspended: try CancellationScenarios.suspended(queue, context)
        case .cancelAll: try CancellationScenarios.all(queue, context)
        case .cancelRace: try GraphScenarios.cancelRace(queue, context)
        case .depsChain: try DependencyScenarios.chain(queue, context)
        case .depsDiamond: try DependencyScenarios.diamond(queue, context)
        case .depsFan: try DependencyScenarios.fan(queue, context)
        case .depsLate: try DependencyScenarios.late(queue, context)
        case .depsRemoved: try DependencyScenarios.removed(queue, context)
        case .depsFinished: try DependencyScenarios.finished(queue, context)
        case .depsCrossQueue: try DependencyScenarios.crossQueue(queue, context)
        case .depsRandomDAG: try GraphScenarios.randomDAG(queue, context)
        case .priorityOrder: try PriorityScenarios.order(queue, context)
        case .priorityFIFO: try PriorityScenarios.fifo(queue, context)
        case .priorityChange: try PriorityScenarios.change(queue, context)
        case .priorityDependenciesWin: try PriorityScenarios.dependenciesWin(queue, context)
        case .priorityNoStarvation: try StarvationScenario.run(queue, context)
        case .priorityWeightedShare: try WeightedShareScenario.run(queue, context)
        case .priorityInheritance: try InheritanceScenario.run(queue, context)
        case .orderStrictPriority: try OrderScenarios.run(.strictPriority, queue, context)
        case .orderFIFOWithinLevel: try OrderScenarios.run(.fifoWithinLevel, queue, context)
        case .orderLIFOWithinLevel: try OrderScenarios.run(.lifoWithinLevel, queue, context)
        case .orderReadyOrder: try OrderScenarios.run(.readyOrder, queue, context)
        case .orderWeightedShares: try ShareScenario.run(queue, context)
        case .orderInheritance: try InheritanceOrderScenario.run(queue, context)
        case .orderLongestChain: try ChainRankScenario.run(queue, context)
        case .cycleSelf: try CycleScenarios.run(.selfLoop, queue, context)
        case .cycleTwo: try CycleScenarios.run(.two, queue, context)
        case .cycleThree: try CycleScenarios.run(.three, queue, context)
        case .cycleInDAG: try CycleScenarios.run(.inDAG, queue, context)
        case .cycleCrossQueue: try CycleScenarios.run(.crossQueue, queue, context)
        case .widthLimit: try WidthScenarios.limit(queue, context)
        case .widthAsync: try WidthScenarios.asynchronous(queue, context)
        case .widthBlockingBody: try WidthScenarios.blockingBody(queue, context)
        case .suspendResume: try QueueScenarios.suspendResume(queue, context)
        case .barrierOrder: try BarrierScenarios.order(queue, context)
        case .waitAll: try QueueScenarios.waitAll(queue, context)
        case .waitCompletion: try WaitScenarios.completionNotAwaited(queue, context)
        case .batchAtomic: try BatchScenarios.atomic(queue, context)
        case .batchFIFO: try BatchFIFOScenario.run(queue, context)
        case .livenessWakeups: try WakeupScenario.run(WakeupTable.rows(queue), context)
        case .livenessDependencyRemoved: try WakeupScenario.run(WakeupTable.dependencyRemoved(queue), context)
        case .waitUnfinished: try UnfinishedWaitScenario.run(queue, context)
        case .lifetimeIdle: try LifetimeScenarios.idle(queue, context)
        case .lifetimePending: try LifetimeScenarios.pending(queue, context)
        case .onceBody: try GraphScenarios.onceBody(queue, context)
        case .onceCancelRace: try CancelStartRaceScenario.run(queue, context)
        case .onceCompletion: try CancellationScenarios.completionOnce(queue, context)
        case .misuseErrors: try MisuseScenarios.errors(queue, context)
        case .advancedConditionFails: try AdvancedConditionScenarios.fails(queue, context)
        case .advancedConditionDependency: try AdvancedConditionScenarios.dependency(queue, context)
        case .advancedConditionsConcurrent: try AdvancedConditionScenarios.concurrent(queue, context)
        case .advancedExclusivity: try AdvancedExclusivityScenarios.exclusivity(queue, context)
        case .advancedObservers: try AdvancedExclusivityScenarios.observers(queue, context)
        case .advancedCancelRunning: try AdvancedExclusivityScenarios.cancelRunning(queue, context)
        case .advancedGroup: try AdvancedGroupScenarios.group(queue, context)
        case .advancedGroupCancel: try AdvancedGroupScenarios.cancel(queue, context)
        case .advancedStress: try AdvancedStressScenario.run(queue, context)
        case .modelContract: try ModelScenario.run(.contract, queue, context)
        case .modelPolicy: try ModelScenario.run(.policy, queue, context)
        }
    }
}
