import Dispatch
import Foundation

let gates = (0..<16).map { _ in DispatchSemaphore(value: 0) }
let doneLock = NSLock()
var completions: [String] = []
func held(_ i: Int, _ p: Operation.QueuePriority) -> BlockOperation {
    let op = BlockOperation { _ = gates[i].wait(timeout: .now() + 20) }
    op.name = "op\(i)"; op.queuePriority = p
    op.completionBlock = {
        doneLock.lock(); completions.append("op\(i)"); doneLock.unlock()
    }
    return op
}
let q0 = OperationQueue(); q0.maxConcurrentOperationCount = 2
let q1 = OperationQueue(); q1.maxConcurrentOperationCount = 3
let op0 = held(0, .normal)
q0.addOperation(op0)
q1.cancelAllOperations(); q1.cancelAllOperations()
q1.maxConcurrentOperationCount = 1
let op1 = held(1, .low); q1.addOperation(op1)
usleep(100_000)
op1.cancel()
let op2 = held(2, .low); q1.addOperation(op2)
op2.queuePriority = .high
gates[0].signal(); usleep(100_000)
_ = (op2.isReady, op2.dependencies, op2.queuePriority)
let op3 = held(3, .high); op3.addDependency(op0); q1.addOperation(op3); op3.cancel()
usleep(100_000)
q0.maxConcurrentOperationCount = 4
op2.cancel()
usleep(100_000)
print("after cancel op2: isFinished=\(op2.isFinished) isExecuting=\(op2.isExecuting) op3 finished=\(op3.isFinished)")
let op4 = held(4, .veryHigh), op5 = held(5, .normal), op6 = held(6, .high)
q1.maxConcurrentOperationCount = 1
q1.addOperation(op4); q1.addOperation(op5); q1.addOperation(op6)
op5.queuePriority = .low; op6.queuePriority = .veryHigh
q1.maxConcurrentOperationCount = 6
usleep(2_000_000)
doneLock.lock(); print("completions: \(completions)"); doneLock.unlock()
print(
    "op2 isFinished=\(op2.isFinished) op4 exec=\(op4.isExecuting) op5 exec=\(op5.isExecuting) op6 exec=\(op6.isExecuting)"
)
for g in gates { g.signal() }
q1.waitUntilAllOperationsAreFinished()
doneLock.lock(); print("completions at end: \(completions)"); doneLock.unlock()
