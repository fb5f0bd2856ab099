import QueueLabCore

/// One piece of what a check shows to back its verdict (``CheckOutcome/evidence``): which kind of
/// evidence it is, with what it says.
///
/// ``lines`` renders it as the reports print it; the layout lives there and nowhere else, so a
/// reader of the text, JUnit or campaign report sees the same lines whichever way it was made.
public enum Evidence: Sendable, Codable, Equatable {
    /// Events of the recorded trace, under a title that says which and how many
    /// ("trace (12 of 40 events):", "last events of the trace:"). One event a line, unindented.
    case trace(title: String, events: [String])
    /// What a queue still held when a wait on it gave up: the queue's name (nil when it has none)
    /// and the lines of its stall report, the unfinished operations and what each waits on.
    case stall(queue: String?, report: [String])
    /// A program a model-based check generated and shrunk: the contract clause it broke (its id and
    /// sentence), the widths of its queues, its calls in order, and the same calls as Swift.
    case program(clause: String, sentence: String, widths: [Int], calls: [String], swift: [String])
    /// A further rule the same trace broke, beyond those the summary names.
    case alsoViolated(violation: String)
    /// Bad picks of a queue's scheduling policy, which the queue refused: how many in all, and
    /// those its log kept.
    case policyFaults(total: Int, faults: [String])
    /// What the process running the check printed on standard error before it ended (its last
    /// lines; empty when it printed nothing).
    case standardError(excerpt: [String])
    /// Anything else: one line of what the check saw, measured or did.
    case note(text: String)

    /// The evidence as text, one string a line, as the text, JUnit and campaign reports print it.
    public var lines: [String] {
        switch self {
        case .trace(let title, let events):
            return [title] + events.map { "  " + $0 }
        case .stall(_, let report):
            return report
        case .program(let clause, let sentence, let widths, let calls, let swift):
            let declarations = widths.enumerated().map { queue, width in
                "  let q\(queue) = MyQueue(name: \"q\(queue)\"); q\(queue).maxConcurrentOperationCount = \(width)"
            }
            return [
                "clause \(clause): \(sentence)",
                "program (\(calls.count) calls, queues of widths \(widths.map(String.init).joined(separator: ", "))):",
            ]
                + calls.enumerated().map { "  \($0.offset + 1). \($0.element)" }
                + ["as Swift (held(n) blocks until release(n)):"] + declarations + swift.map { "  " + $0 }
        case .alsoViolated(let violation):
            return ["also: \(violation)"]
        case .policyFaults(let total, let faults):
            return ["\(total) policy fault\(total == 1 ? "" : "s"); the queue refused each pick and took a safe one"]
                + faults.map { "  " + $0 }
        case .standardError(let excerpt):
            return excerpt.isEmpty
                ? ["(nothing on standard error)"] : ["its standard error:"] + excerpt.map { "  " + $0 }
        case .note(let text):
            return [text]
        }
    }
}

extension Evidence {
    /// The stall report of a queue, cut to its first `limit` lines.
    static func stall(of report: StallReport, limit: Int = .max) -> Evidence {
        .stall(
            queue: report.queueName, report: report.description.split(separator: "\n").prefix(limit).map(String.init))
    }
}
