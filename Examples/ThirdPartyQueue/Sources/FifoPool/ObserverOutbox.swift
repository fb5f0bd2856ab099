import Foundation
import QueueLabCore

/// The transitions made under ``PoolLock``, in the order they were made, waiting to be handed to
/// their observers with the lock released.
///
/// An observer must receive each operation's transitions in the order they were made. Handing
/// each ``Aftermath``'s transitions over by the thread that made them lets two threads' deliveries
/// cross (a `pending` made first arriving after the `ready` made next). So transitions join one
/// log under the lock that made them, and one thread at a time empties it, first in, first out;
/// a thread that finds a delivery under way leaves its transitions to it (its loop runs until the
/// log is empty), which also keeps an observer that adds work from deadlocking.
enum ObserverOutbox {
    // nonisolated(unsafe): read and written only with `PoolLock` held.
    nonisolated(unsafe) private static var log: [(observer: any StateObserver, transition: StateTransition)] = []
    nonisolated(unsafe) private static var next = 0
    nonisolated(unsafe) private static var delivering = false

    /// `PoolLock` held: the transition joins the log.
    static func append(_ transition: StateTransition, for observer: any StateObserver) {
        log.append((observer, transition))
    }

    /// `PoolLock` not held: delivers the log, unless another thread is delivering it.
    static func deliver() {
        PoolLock.condition.lock()
        guard !delivering else {
            PoolLock.condition.unlock()
            return
        }
        delivering = true
        while next < log.count {
            let (observer, transition) = log[next]
            next += 1
            PoolLock.condition.unlock()
            observer.operationDidTransition(transition)
            PoolLock.condition.lock()
        }
        log.removeAll(keepingCapacity: true)
        next = 0
        delivering = false
        PoolLock.condition.unlock()
    }
}
