import QueueLabCore

extension WakeupTable {
    /// Where a dependency lives relative to the operation waiting for it.
    private struct DependencyPlace {
        let state: String
        let width: Int
        let otherQueue: Bool
        let pause: WakeupPause

        static let all: [DependencyPlace] = [
            DependencyPlace(state: "same queue, width 1", width: 1, otherQueue: false, pause: .brief),
            DependencyPlace(state: "same queue, width 2", width: 2, otherQueue: false, pause: .brief),
            DependencyPlace(state: "same queue, default width", width: -1, otherQueue: false, pause: .brief),
            DependencyPlace(state: "other queue, width 1", width: 1, otherQueue: true, pause: .brief),
            DependencyPlace(state: "other queue, default width", width: -1, otherQueue: true, pause: .brief),
            DependencyPlace(
                state: "other queue, width 1, its workers retired", width: 1, otherQueue: true,
                pause: .workersRetired),
        ]

        var needs: QueueCapabilities { otherQueue ? [.dependencies, .crossQueueDependencies] : .dependencies }
    }

    /// The watched operation's only dependency finishes: its body returns, it calls `finish()`.
    static func dependencyFinishing<Q: OperationQueueing>() -> [WakeupRow<Q>] {
        DependencyPlace.all.flatMap { place in
            [false, true].map { asynchronous in
                WakeupRow<Q>(
                    asynchronous ? "its dependency calls finish()" : "its dependency's body returns", place.state,
                    needs: place.needs.union(asynchronous ? .asynchronousOperations : []), pause: place.pause
                ) { s in
                    let queue = s.queue("q", width: place.width)
                    let home = place.otherQueue ? s.queue("other", width: -1) : queue
                    let dependency = s.held("dependency", asynchronous: asynchronous)
                    try s.add(dependency.op, to: home)
                    try s.awaitStart(dependency)
                    let watched = s.watched()
                    try s.depend(watched.op, on: dependency.op)
                    try s.add(watched.op, to: queue)
                    return WakeupCall(proof: .starts(watched)) { dependency.release.open() }
                }
            }
        }
    }

    /// `removeDependency` of the watched operation's only, unfinished, dependency (`liveness.dependency-removed`).
    static func dependencyRemoved<Q: OperationQueueing>(_: Q.Type) -> [WakeupRow<Q>] {
        DependencyPlace.all.filter { $0.width != 1 || $0.otherQueue }.map { place in
            WakeupRow<Q>("removeDependency", place.state, needs: place.needs, pause: place.pause) { s in
                let queue = s.queue("q", width: place.width)
                let home = place.otherQueue ? s.queue("other", width: -1) : queue
                // Held until the harness closes: only the removal can let the watched one run.
                let dependency = s.held("dependency")
                try s.add(dependency.op, to: home)
                try s.awaitStart(dependency)
                let watched = s.watched()
                try s.depend(watched.op, on: dependency.op)
                try s.add(watched.op, to: queue)
                return WakeupCall(proof: .starts(watched)) {
                    s.harness.removeDependency(watched.op, on: dependency.op)
                }
            }
        }
    }
}
