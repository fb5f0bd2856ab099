import QueueLabCore

/// Turns a run's state transitions into a ``ChromeTrace``:
/// - a lane (`tid`) per thread that made transitions, named `thread 1`, `thread 2`... in order of appearance
///   (pthread identities do not fit the viewers' JavaScript numbers, so they go into the lane's name);
/// - a slice per operation from `executing` to `finished`, on the lane of the thread that started it,
///   with its name, priority, the priority it ran at when it inherited a higher one
///   (`effective_priority`), and queue wait (ready to executing) in the arguments;
/// - a flow arrow from the end of each dependency's slice to the start of the dependent's slice;
/// - an instant event where an operation was cancelled, and one where a cancelled operation finished
///   without running.
public enum ChromeTraceBuilder {
    struct History {
        var id: OperationID
        var name: String?
        var priority: QueuePriority = .normal
        var added: StateTransition?
        var ready: StateTransition?
        var executing: StateTransition?
        var finished: StateTransition?
        var cancelled: StateTransition?

        var label: String { name ?? "op \(id)" }
    }

    /// The trace of a recorded run.
    public static func build(_ run: RecordedRun) -> ChromeTrace {
        build(transitions: run.transitions, dependencies: run.dependencies, metadata: run.metadata)
    }

    /// The trace of `transitions`, in any order (they are sorted by sequence), with `dependencies`
    /// (each operation's) drawn as flow arrows and `metadata`, plus the trace's counts, as `otherData`.
    public static func build(
        transitions: [StateTransition], dependencies: [OperationID: [OperationID]], metadata: [String: String] = [:]
    ) -> ChromeTrace {
        let ordered = transitions.sorted { $0.sequence < $1.sequence }
        let origin = ordered.map(\.timestamp).min() ?? 0
        let end = ordered.map(\.timestamp).max() ?? 0
        func micros(_ timestamp: UInt64) -> Double { Double(timestamp &- origin) / 1_000 }

        var lanes: [UInt64: Int] = [:]
        var laneOrder: [UInt64] = []
        func lane(_ thread: UInt64) -> Int {
            if let known = lanes[thread] { return known }
            laneOrder.append(thread)
            lanes[thread] = laneOrder.count
            return laneOrder.count
        }

        var histories: [OperationID: History] = [:]
        var order: [OperationID] = []
        for transition in ordered {
            _ = lane(transition.thread)
            if histories[transition.operation] == nil {
                histories[transition.operation] = History(id: transition.operation, name: transition.name)
                order.append(transition.operation)
            }
            var history = histories[transition.operation]!
            history.priority = transition.priority
            if history.name == nil { history.name = transition.name }
            switch transition.event {
            case .pending: history.added = history.added ?? transition
            case .ready:
                history.ready = history.ready ?? transition
                history.added = history.added ?? transition
            case .executing: history.executing = history.executing ?? transition
            case .finished: history.finished = history.finished ?? transition
            case .cancelled: history.cancelled = history.cancelled ?? transition
            }
            histories[transition.operation] = history
        }

        var events: [ChromeTraceEvent] = []
        events.append(
            ChromeTraceEvent(
                ph: "M", name: "process_name", tid: 0,
                args: [
                    "name": .string(
                        ["queuelab", metadata["implementation"], metadata["policy"], metadata["workload"]].compactMap {
                            $0
                        }.joined(
                            separator: " "))
                ]))
        for (index, thread) in laneOrder.enumerated() {
            events.append(
                ChromeTraceEvent(
                    ph: "M", name: "thread_name", tid: index + 1,
                    args: ["name": .string("thread \(index + 1) (pthread 0x\(String(thread, radix: 16)))")]))
            events.append(
                ChromeTraceEvent(
                    ph: "M", name: "thread_sort_index", tid: index + 1, args: ["sort_index": .integer(index + 1)]))
        }

        var unfinished = 0
        for id in order {
            let history = histories[id]!
            if let cancelled = history.cancelled {
                events.append(
                    ChromeTraceEvent(
                        ph: "i", name: "cancel \(history.label)", cat: "cancellation", tid: lane(cancelled.thread),
                        ts: micros(cancelled.timestamp), s: "t", args: ["operation": .string(id.description)]))
            }
            guard let executing = history.executing else {
                if let finished = history.finished {
                    events.append(
                        ChromeTraceEvent(
                            ph: "i",
                            name:
                                "\(history.label) finished without running\(history.cancelled == nil ? "" : " (cancelled)")",
                            cat: "cancellation", tid: lane(finished.thread), ts: micros(finished.timestamp), s: "t",
                            args: ["operation": .string(id.description)]))
                }
                continue
            }
            let stop = history.finished?.timestamp ?? end
            if history.finished == nil { unfinished += 1 }
            var args: [String: Argument] = [
                "operation": .string(id.description),
                "name": .string(history.label),
                "priority": .string(history.priority.description),
                "cancelled": .flag(history.cancelled != nil),
                "dependencies": .integer(dependencies[id]?.count ?? 0),
            ]
            if let waitingSince = history.ready ?? history.added {
                args["queue_wait_us"] = .number(Double(executing.timestamp &- waitingSince.timestamp) / 1_000)
            }
            if let finished = history.finished, finished.thread != executing.thread {
                args["finished_on"] = .string("thread \(lane(finished.thread))")
            }
            if history.finished == nil { args["unfinished"] = .flag(true) }
            if executing.effectivePriority != executing.priority {
                args["effective_priority"] = .string(executing.effectivePriority.description)
            }
            events.append(
                ChromeTraceEvent(
                    ph: "X", name: history.label, cat: history.cancelled == nil ? "operation" : "operation,cancelled",
                    tid: lane(executing.thread), ts: micros(executing.timestamp),
                    dur: Double(stop &- executing.timestamp) / 1_000, args: args))
        }

        var flow = 0
        for id in order {
            guard let dependent = histories[id], let start = dependent.executing else { continue }
            for dependencyID in dependencies[id] ?? [] {
                guard let dependency = histories[dependencyID], let ran = dependency.executing,
                    let finished = dependency.finished
                else { continue }
                flow += 1
                // One nanosecond before the end keeps the arrow's tail inside the dependency's slice.
                let tail = Swift.max(micros(ran.timestamp), micros(finished.timestamp) - 0.001)
                events.append(
                    ChromeTraceEvent(
                        ph: "s", name: "dependency", cat: "dependency", tid: lane(ran.thread), ts: tail, id: flow))
                events.append(
                    ChromeTraceEvent(
                        ph: "f", name: "dependency", cat: "dependency", tid: lane(start.thread),
                        ts: micros(start.timestamp),
                        id: flow, bp: "e"))
            }
        }

        var other = metadata
        other["operations"] = String(order.count)
        other["transitions"] = String(ordered.count)
        other["threads"] = String(laneOrder.count)
        other["dependency_arrows"] = String(flow)
        if unfinished > 0 { other["unfinished_operations"] = String(unfinished) }
        return ChromeTrace(traceEvents: events, otherData: other)
    }

    /// A value shown in a slice's arguments panel.
    public typealias Argument = ChromeTraceEvent.Argument
}
