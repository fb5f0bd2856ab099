import QueueLabCore

/// What an operation's body does in a generated program. The program, not timing, decides when
/// work ends: a held body blocks until the program releases it, an asynchronous one stays
/// executing until the program calls `finish()`.
enum BodyKind: String, Sendable, Hashable {
    /// Synchronous; blocks until the program releases it.
    case held
    /// Asynchronous; its body returns at once and the program calls `finish()`.
    case async
    /// Synchronous; returns at once (what a waiting batch adds).
    case free
    /// A barrier block, held like a held body.
    case barrier
}

/// One call of a generated program. Operations (barriers too) and queues are numbered in the
/// order the program made them.
enum ModelCall: Sendable, Hashable, CustomStringConvertible {
    case make(op: Int, kind: BodyKind, level: Int)
    case add(op: Int, queue: Int)
    case addBatch(ops: [Int], queue: Int, wait: Bool)
    case addDependency(op: Int, on: Int)
    case removeDependency(op: Int, on: Int)
    case cancel(op: Int)
    case cancelAll(queue: Int)
    case setPriority(op: Int, level: Int)
    case setWidth(queue: Int, width: Int)
    case setSuspended(queue: Int, suspended: Bool)
    case addBarrier(op: Int, queue: Int)
    /// Releases a held body (or barrier), or calls `finish()` on an executing asynchronous operation.
    case release(op: Int)
    /// `finish()` where it must throw: a synchronous operation, or one not executing.
    case misuseFinish(op: Int)
    case waitQueue(queue: Int, bounded: Bool)
    case waitOperation(op: Int, bounded: Bool)
    case read(queue: Int)
    case readOperation(op: Int)
    /// The program lets go of its last reference to the queue.
    case dropQueue(queue: Int)

    var description: String {
        switch self {
        case .make(let op, let kind, let level): "make op\(op) \(kind) \(QueuePriority(level: level))"
        case .add(let op, let queue): "add op\(op) to q\(queue)"
        case .addBatch(let ops, let queue, let wait):
            "add [\(ops.map { "op\($0)" }.joined(separator: ","))] to q\(queue)\(wait ? " waiting" : "")"
        case .addDependency(let op, let on): "op\(op) depends on op\(on)"
        case .removeDependency(let op, let on): "op\(op) no longer depends on op\(on)"
        case .cancel(let op): "cancel op\(op)"
        case .cancelAll(let queue): "cancel all of q\(queue)"
        case .setPriority(let op, let level): "op\(op) priority \(QueuePriority(level: level))"
        case .setWidth(let queue, let width): "q\(queue) width \(width)"
        case .setSuspended(let queue, let suspended): "\(suspended ? "suspend" : "resume") q\(queue)"
        case .addBarrier(let op, let queue): "barrier op\(op) on q\(queue)"
        case .release(let op): "release op\(op)"
        case .misuseFinish(let op): "finish op\(op) (must throw)"
        case .waitQueue(let queue, let bounded): "wait for q\(queue)\(bounded ? " (bounded)" : "")"
        case .waitOperation(let op, let bounded): "wait for op\(op)\(bounded ? " (bounded)" : "")"
        case .read(let queue): "read q\(queue)"
        case .readOperation(let op): "read op\(op)"
        case .dropQueue(let queue): "drop q\(queue)"
        }
    }

    /// The call as Swift a user can paste into a test of their own queue (`held(opN)` is a body
    /// that blocks until `release(opN)`).
    var swift: String {
        switch self {
        case .make(let op, let kind, let level):
            switch kind {
            case .held, .free, .barrier:
                "let op\(op) = Op(name: \"op\(op)\", priority: .\(QueuePriority(level: level)), body: .synchronous(\(kind == .free ? "{ _ in }" : "held(\(op))")))"
            case .async:
                "let op\(op) = Op(name: \"op\(op)\", priority: .\(QueuePriority(level: level)), body: .asynchronous { _ in })"
            }
        case .add(let op, let queue): "try q\(queue).addOperation(op\(op))"
        case .addBatch(let ops, let queue, let wait):
            "try q\(queue).addOperations([\(ops.map { "op\($0)" }.joined(separator: ", "))], waitUntilFinished: \(wait))"
        case .addDependency(let op, let on): "try op\(op).addDependency(op\(on))"
        case .removeDependency(let op, let on): "op\(op).removeDependency(op\(on))"
        case .cancel(let op): "op\(op).cancel()"
        case .cancelAll(let queue): "q\(queue).cancelAllOperations()"
        case .setPriority(let op, let level): "op\(op).queuePriority = .\(QueuePriority(level: level))"
        case .setWidth(let queue, let width): "q\(queue).maxConcurrentOperationCount = \(width)"
        case .setSuspended(let queue, let suspended): "q\(queue).isSuspended = \(suspended)"
        case .addBarrier(let op, let queue): "try q\(queue).addBarrierBlock(held(\(op)))"
        case .release(let op): "release(\(op))  // opens held(\(op)), or try op\(op).finish()"
        case .misuseFinish(let op): "#expect(throws: QueueError.self) { try op\(op).finish() }"
        case .waitQueue(let queue, let bounded):
            bounded
                ? "_ = q\(queue).waitUntilAllOperationsAreFinished(timeout: .milliseconds(2))"
                : "q\(queue).waitUntilAllOperationsAreFinished()"
        case .waitOperation(let op, let bounded):
            bounded ? "_ = op\(op).waitUntilFinished(timeout: .milliseconds(2))" : "op\(op).waitUntilFinished()"
        case .read(let queue): "_ = (q\(queue).operations, q\(queue).operationCount)"
        case .readOperation(let op): "_ = (op\(op).state, op\(op).dependencies, op\(op).queuePriority)"
        case .dropQueue(let queue): "q\(queue) = nil"
        }
    }

    /// The operations the call names.
    var operations: [Int] {
        switch self {
        case .make(let op, _, _), .add(let op, _), .cancel(let op), .setPriority(let op, _), .addBarrier(let op, _),
            .release(let op), .misuseFinish(let op), .waitOperation(let op, _), .readOperation(let op):
            [op]
        case .addBatch(let ops, _, _): ops
        case .addDependency(let op, let on), .removeDependency(let op, let on): [op, on]
        default: []
        }
    }
}
