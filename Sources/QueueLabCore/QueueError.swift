/// Misuse and impossible requests, reported as errors instead of crashes or hangs.
public enum QueueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The dependency would close a cycle; `members` lists the cycle in dependency order
    /// (each member waits for the next, the last waits for the first).
    case dependencyCycle(members: [OperationLabel])
    /// The operation is already in a queue (this one or another).
    case alreadyEnqueued(OperationLabel)
    /// The operation already started; it cannot be added or changed that way.
    case alreadyStarted(OperationLabel)
    /// The operation already finished.
    case alreadyFinished(OperationLabel)
    /// `finish()` on an operation with a synchronous body.
    case notAsynchronous(OperationLabel)
    /// `finish()` on an operation that is not executing.
    case notExecuting(OperationLabel)
    /// The implementation lacks this capability (see ``QueueCapabilities``).
    case unsupported(String)
    /// The implementation refuses a call that would crash or hang the process; the text says why.
    case refused(String)

    public var description: String {
        switch self {
        case .dependencyCycle(let members):
            let names = members.map(\.description)
            return "dependency cycle: " + (names + [names.first ?? "?"]).joined(separator: " -> ")
        case .alreadyEnqueued(let op): return "\(op) is already in a queue"
        case .alreadyStarted(let op): return "\(op) already started"
        case .alreadyFinished(let op): return "\(op) already finished"
        case .notAsynchronous(let op): return "\(op) has a synchronous body: it finishes when the body returns"
        case .notExecuting(let op): return "\(op) is not executing"
        case .unsupported(let what): return "unsupported: \(what)"
        case .refused(let why): return "refused: \(why)"
        }
    }
}
