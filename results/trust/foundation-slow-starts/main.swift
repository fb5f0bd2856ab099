import Dispatch
import Foundation

let gates = (0..<16).map { _ in DispatchSemaphore(value: 0) }
let lock = NSLock()
var started: [String] = []
func held(_ i: Int, _ p: Operation.QueuePriority) -> BlockOperation {
    let op = BlockOperation {
        lock.lock(); started.append("op\(i)"); lock.unlock(); _ = gates[i].wait(timeout: .now() + 30)
    }
    op.name = "op\(i)"; op.queuePriority = p
    return op
}
func snapshot() -> [String] { lock.lock(); defer { lock.unlock() }; return started }
let q0 = OperationQueue(); q0.maxConcurrentOperationCount = 1
let q1 = OperationQueue(); q1.maxConcurrentOperationCount = 1
let op0 = held(0, .low); q0.addOperation(op0)
let op1 = held(1, .high); q0.addOperation(op1)
q1.isSuspended = true
let op2 = held(2, .veryLow), op3 = held(3, .veryLow)
q1.addOperation(op2); q1.addOperation(op3)
let op4 = held(4, .low), op5 = held(5, .low), op6 = held(6, .low)
q1.addOperations([op4, op5, op6], waitUntilFinished: false)
let op7 = held(7, .veryHigh); q1.addOperation(op7)
q1.isSuspended = false
let op8 = held(8, .veryLow); q0.addOperation(op8)
let op9 = held(9, .low); q1.addOperation(op9)
let op10 = held(10, .normal)
let op11 = BlockOperation {
    lock.lock(); started.append("op11"); lock.unlock()
}
let op12 = held(12, .veryLow)
let op13 = BlockOperation {
    lock.lock(); started.append("op13"); lock.unlock()
}
op11.addDependency(op10)
q0.addOperations([op10, op11, op12, op13], waitUntilFinished: false)
usleep(200_000)
print("before release(0): \(snapshot())")
gates[0].signal()
usleep(200_000)
print("after release(0): \(snapshot())")
q1.maxConcurrentOperationCount = 4
for t in 1...6 { usleep(500_000); print("width 4 +\(Double(t)/2) s: \(snapshot())") }
for g in gates { g.signal() }
q1.waitUntilAllOperationsAreFinished()
