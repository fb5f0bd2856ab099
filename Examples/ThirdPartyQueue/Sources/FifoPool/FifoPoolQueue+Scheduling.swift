import Dispatch
import QueueLabCore

extension FifoPoolQueue {
    var effectiveWidth: Int { width < 0 ? Self.defaultWidth : width }

    /// `operation` (a member of this queue) becomes free to start: into the FIFO, and a worker if the
    /// width allows one.
    func makeReadyLocked(_ operation: FifoPoolOperation, _ aftermath: inout Aftermath) {
        operation.lockedState = .ready
        operation.readyTicket &+= 1
        ready.push(operation)
        aftermath.report(.ready, of: operation)
        aftermath.startWorkers(workersWantedLocked(), for: self)
    }

    /// How many more workers to start now, counted as searching from here on: one per ready
    /// operation that no searching worker will take, within the width.
    func workersWantedLocked() -> Int {
        guard !suspended else { return 0 }
        let wanted = min(ready.count - searching, effectiveWidth - executing - searching)
        guard wanted > 0 else { return 0 }
        searching += wanted
        return wanted
    }

    /// Finishes `operation`: releases its dependents (in any queue), frees its slot, and wakes whoever
    /// waits for it or for this queue to empty.
    ///
    /// - Complexity: O(1) plus O(1) per dependent.
    func finishLocked(_ operation: FifoPoolOperation, wasExecuting: Bool, _ aftermath: inout Aftermath) {
        operation.lockedState = .finished
        operation.body = nil
        aftermath.report(.finished, of: operation)
        if wasExecuting { executing -= 1 }
        members.remove(operation)
        for dependent in operation.dependents where dependent.lockedState == .pending {
            dependent.unfinishedDependencies -= 1
            if dependent.unfinishedDependencies == 0, let queue = dependent.queue {
                queue.makeReadyLocked(dependent, &aftermath)
            }
        }
        operation.dependents = []
        operation.queue = nil
        aftermath.complete(operation.lockedCompletion)
        operation.lockedCompletion = nil
        if operation.waiters > 0 || (waiters > 0 && members.count == 0) { PoolLock.wakeWaiters() }
        aftermath.startWorkers(workersWantedLocked(), for: self)
    }

    func startWorkers(_ count: Int) {
        for _ in 0..<count {
            DispatchQueue.global().async { self.work() }
        }
    }

    /// A worker: takes ready operations in FIFO order while the queue is resumed and the width has
    /// room, and returns its thread to Dispatch when there is nothing it may take.
    ///
    /// It counts as searching (see ``workersWantedLocked()``) only while it looks for an operation:
    /// while it runs a body or a completion handler, which may block, other workers are started for
    /// what becomes ready meanwhile.
    private func work() {
        var next = take(searching: true)
        while let (operation, body) = next {
            switch body {
            case .synchronous(let run):
                run(operation)
                let (aftermath, searchesAgain) = PoolLock.withLock {
                    var aftermath = Aftermath()
                    // With no handler to run the worker is back at once: counted before finishing, so
                    // that the finish does not start another worker for what this one will take.
                    let searchesAgain = operation.lockedCompletion == nil
                    if searchesAgain { searching += 1 }
                    finishLocked(operation, wasExecuting: true, &aftermath)
                    return (aftermath, searchesAgain)
                }
                aftermath.perform()
                next = take(searching: searchesAgain)
            case .asynchronous(let start):
                // The operation keeps its slot until it calls finish(), from wherever its work ends.
                start(operation)
                next = take(searching: false)
            }
        }
    }

    private enum Taken {
        case run(FifoPoolOperation, OperationBody<FifoPoolOperation>)
        case finishedCancelled
        case nothing
    }

    /// The next operation to run, marked executing, with its body; a cancelled one is finished here
    /// without running. Nil when there is nothing this worker may take. `searching`: whether the
    /// worker is counted as searching on entry (just started); it is not on return.
    private func take(searching counted: Bool) -> (FifoPoolOperation, OperationBody<FifoPoolOperation>)? {
        var counted = counted
        while true {
            let (taken, aftermath) = PoolLock.withLock { () -> (Taken, Aftermath) in
                var aftermath = Aftermath()
                if counted { searching -= 1 }
                guard !suspended, executing < effectiveWidth, let operation = ready.pop() else {
                    return (.nothing, aftermath)
                }
                guard !operation.lockedCancelled, let body = operation.body else {
                    finishLocked(operation, wasExecuting: false, &aftermath)
                    return (.finishedCancelled, aftermath)
                }
                operation.body = nil  // the worker holds it now; its captures go when it returns
                operation.lockedState = .executing
                executing += 1
                aftermath.report(.executing, of: operation)
                return (.run(operation, body), aftermath)
            }
            counted = false
            aftermath.perform()
            switch taken {
            case .run(let operation, let body): return (operation, body)
            case .finishedCancelled: continue
            case .nothing: return nil
            }
        }
    }
}
