import FifoPool
import LockBasedQueue
import QueueLabTool

// The whole tool for fifo-pool, with QueueLab's lock queue beside it as a reference:
// fifo-pool-lab conform --impl fifo-pool; fifo-pool-lab bench --impl fifo-pool --impl lock; ...
QueueLabTool.main(implementations: [FifoPoolQueue.self, LockQueue.self])
