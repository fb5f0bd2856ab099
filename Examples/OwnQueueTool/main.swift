import Foundation
import FoundationAdapter
import LockBasedQueue
import QueueLabTool

// The whole tool for a queue of your own, beside two of QueueLab's as references, and a policy of
// your own beside the built-ins (--policy lowest-first on lock). Set QUEUELAB_EXAMPLE_DUPLICATE to
// hand it two implementations of one name, QUEUELAB_EXAMPLE_DUPLICATE_POLICY two policies of one
// name (each refused: exit 2). QUEUELAB_EXAMPLE_TRAP_ON_BARRIER makes `mine` trap in
// addBarrierBlock (conform reports CRASH for the checks that add a barrier, and goes on).
let environment = ProcessInfo.processInfo.environment
let duplicate = environment["QUEUELAB_EXAMPLE_DUPLICATE"] != nil
let duplicatePolicy = environment["QUEUELAB_EXAMPLE_DUPLICATE_POLICY"] != nil
QueueLabTool.main(
    implementations: [MyQueue.self, LockQueue.self, FoundationQueue.self] + (duplicate ? [MyQueue.self] : []),
    policies: [LowestPriorityFirst.entry] + (duplicatePolicy ? [LowestPriorityFirst.entry] : []))
