import QueueLabCore

/// Finds whether a new edge closes a dependency cycle: a bidirectional search that alternates
/// between the side with the smaller frontier, so building a chain in either direction stays O(1)
/// per edge. Finished operations are skipped: their edges are spent.
enum CycleSearch {
    /// Graph lock held. The cycle that `operation` waiting for `dependency` would close, in
    /// waits-for order starting at `operation`, or nil.
    static func path(adding dependency: ScheduledOperation, to operation: ScheduledOperation) -> [ScheduledOperation]? {
        // A path from `operation` to `dependency` along "is waited for by" edges closes the cycle.
        guard !operation.graphDependents.isEmpty, dependency.unfinishedDependencies > 0 else { return nil }
        var forwardParent: [ObjectIdentifier: ScheduledOperation] = [ObjectIdentifier(operation): operation]
        var backwardChild: [ObjectIdentifier: ScheduledOperation] = [ObjectIdentifier(dependency): dependency]
        var forward = [operation]
        var backward = [dependency]
        while !forward.isEmpty, !backward.isEmpty {
            var next: [ScheduledOperation] = []
            if forward.count <= backward.count {
                for node in forward {
                    for successor in node.graphDependents where successor.state != .finished {
                        let key = ObjectIdentifier(successor)
                        guard forwardParent[key] == nil else { continue }
                        forwardParent[key] = node
                        if backwardChild[key] != nil {
                            return cycle(meetingAt: successor, forwardParent, backwardChild, operation, dependency)
                        }
                        next.append(successor)
                    }
                }
                forward = next
            } else {
                for node in backward {
                    for predecessor in node.graphDependencies where predecessor.state != .finished {
                        let key = ObjectIdentifier(predecessor)
                        guard backwardChild[key] == nil else { continue }
                        backwardChild[key] = node
                        if forwardParent[key] != nil {
                            return cycle(meetingAt: predecessor, forwardParent, backwardChild, operation, dependency)
                        }
                        next.append(predecessor)
                    }
                }
                backward = next
            }
        }
        return nil
    }

    private static func cycle(
        meetingAt meeting: ScheduledOperation,
        _ forwardParent: [ObjectIdentifier: ScheduledOperation],
        _ backwardChild: [ObjectIdentifier: ScheduledOperation],
        _ operation: ScheduledOperation,
        _ dependency: ScheduledOperation
    ) -> [ScheduledOperation] {
        // Path along "is waited for by" edges: operation ... meeting ... dependency.
        var head: [ScheduledOperation] = []
        var node = meeting
        while node !== operation {
            head.append(node)
            node = forwardParent[ObjectIdentifier(node)]!
        }
        head.append(operation)
        head.reverse()  // operation ... meeting
        node = meeting
        while node !== dependency {
            node = backwardChild[ObjectIdentifier(node)]!
            head.append(node)
        }
        // Waits-for order: operation waits for dependency, which waits for its predecessor, ...
        return [operation] + head.dropFirst().reversed()
    }
}
