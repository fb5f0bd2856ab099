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

    /// The call with its operations renumbered by `number`, or nil when it names one that
    /// `number` drops (a batch keeps the members that remain, and is nil once none does).
    func renumbered(_ number: (Int) -> Int?) -> ModelCall? {
        switch self {
        case .make(let op, let kind, let level): number(op).map { .make(op: $0, kind: kind, level: level) }
        case .add(let op, let queue): number(op).map { .add(op: $0, queue: queue) }
        case .addBatch(let ops, let queue, let wait):
            ops.compactMap(number).isEmpty ? nil : .addBatch(ops: ops.compactMap(number), queue: queue, wait: wait)
        case .addDependency(let op, let on):
            number(op).flatMap { op in number(on).map { .addDependency(op: op, on: $0) } }
        case .removeDependency(let op, let on):
            number(op).flatMap { op in number(on).map { .removeDependency(op: op, on: $0) } }
        case .cancel(let op): number(op).map { .cancel(op: $0) }
        case .setPriority(let op, let level): number(op).map { .setPriority(op: $0, level: level) }
        case .addBarrier(let op, let queue): number(op).map { .addBarrier(op: $0, queue: queue) }
        case .release(let op): number(op).map { .release(op: $0) }
        case .misuseFinish(let op): number(op).map { .misuseFinish(op: $0) }
        case .waitOperation(let op, let bounded): number(op).map { .waitOperation(op: $0, bounded: bounded) }
        case .readOperation(let op): number(op).map { .readOperation(op: $0) }
        case .cancelAll, .setWidth, .setSuspended, .waitQueue, .read, .dropQueue: self
        }
    }

    /// Whether the call makes the operation it names (an operation or a barrier).
    var makesOperation: Bool {
        switch self {
        case .make, .addBarrier: true
        default: false
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
