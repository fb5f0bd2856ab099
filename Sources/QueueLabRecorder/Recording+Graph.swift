/// The checks a recording's dependency graph gets before a replay builds it.
extension Recording {
    /// Removes dependencies on identities not in `known`; returns how many.
    static func dropMissing(_ operations: inout [RecordedOperation], known: Set<UInt64>) -> Int {
        var missing = 0
        for index in operations.indices where !operations[index].dependencies.isEmpty {
            let kept = operations[index].dependencies.filter { known.contains($0) }
            missing += operations[index].dependencies.count - kept.count
            operations[index].dependencies = kept
        }
        return missing
    }

    /// An operation on a dependency cycle, or nil (Kahn's order: what never becomes free is on or
    /// behind a cycle). O(operations + edges), no recursion: a million-long chain is fine.
    static func cycle(in operations: [RecordedOperation]) -> UInt64? {
        var position: [UInt64: Int] = [:]
        for (index, operation) in operations.enumerated() { position[operation.id] = index }
        var waiting = operations.map(\.dependencies.count)
        var dependents = [[Int]](repeating: [], count: operations.count)
        for (index, operation) in operations.enumerated() {
            for dependency in operation.dependencies { dependents[position[dependency]!].append(index) }
        }
        var free = waiting.indices.filter { waiting[$0] == 0 }
        var done = 0
        while let next = free.popLast() {
            done += 1
            for dependent in dependents[next] {
                waiting[dependent] -= 1
                if waiting[dependent] == 0 { free.append(dependent) }
            }
        }
        guard done < operations.count else { return nil }
        return operations[waiting.firstIndex { $0 > 0 }!].id
    }

    /// The last finish after the first add, in nanoseconds: the recorded run's makespan.
    public var makespan: UInt64 {
        guard let first = operations.first?.added else { return 0 }
        return (operations.map(\.finished).max() ?? first) &- first
    }

    /// What a replay should say before it runs, or nil: bytes cut off, events dropped, dependencies
    /// left out.
    public var warning: String? {
        var parts: [String] = []
        if droppedBytes > 0 {
            parts.append("the last record is cut off (\(droppedBytes) bytes dropped; read up to the last complete one)")
        }
        if droppedEvents > 0 { parts.append("the recorder dropped \(droppedEvents) events (its buffer was full)") }
        if missingDependencies > 0 {
            parts.append("\(missingDependencies) dependencies on operations not in the recording are left out")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
