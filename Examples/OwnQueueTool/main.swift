import Foundation
import FoundationAdapter
import LockBasedQueue
import QueueLabTool

// The whole tool for a queue of your own, beside two of QueueLab's as references. Set
// QUEUELAB_EXAMPLE_DUPLICATE to hand it two implementations of one name (refused: exit 2).
let duplicate = ProcessInfo.processInfo.environment["QUEUELAB_EXAMPLE_DUPLICATE"] != nil
QueueLabTool.main(
    implementations: [MyQueue.self, LockQueue.self, FoundationQueue.self] + (duplicate ? [MyQueue.self] : []))
