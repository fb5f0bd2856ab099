import Foundation
import QueueLabConformance

/// What `conform` and its child processes (``ConformChildCommand``) say to each other: the child
/// runs a list of work items (a check on a seed) from a given position and prints, for each, a
/// line before it starts and a line with its outcome, so that the parent knows which one was
/// running when the child died, and, while a check's queues move, a line every few seconds, so
/// that the parent tells a slow check from a stuck one (``ChildCheckWatch``).
enum ConformChildProtocol {
    static let subcommand = "conform-child"

    /// One check on one seed.
    struct Item: Sendable, Equatable {
        let check: Check
        let seed: UInt64
    }

    /// Every item, check by check, each check seed by seed: the order both sides enumerate.
    static func items(checks: [Check], seeds: [UInt64]) -> [Item] {
        checks.flatMap { check in seeds.map { Item(check: check, seed: $0) } }
    }

    /// A line of the child's standard output.
    enum Line: Equatable {
        case starting(index: Int)
        /// The queues of the check running moved since the last line.
        case progress(index: Int)
        case outcome(index: Int, CheckOutcome)
        /// Anything else a queue may print: passed on, never parsed.
        case other(String)

        static func == (lhs: Line, rhs: Line) -> Bool { lhs.text == rhs.text }

        init(parsing text: String) {
            let parts = text.split(separator: " ", maxSplits: 2)
            if parts.count >= 2, let index = Int(parts[1]) {
                if parts[0] == "queuelab-starting" {
                    self = .starting(index: index)
                    return
                }
                if parts[0] == "queuelab-progress" {
                    self = .progress(index: index)
                    return
                }
                if parts[0] == "queuelab-outcome", parts.count == 3,
                    let outcome = try? JSONDecoder().decode(CheckOutcome.self, from: Data(parts[2].utf8))
                {
                    self = .outcome(index: index, outcome)
                    return
                }
            }
            self = .other(text)
        }

        /// One line, without its newline (JSON without line breaks).
        var text: String {
            switch self {
            case .starting(let index): return "queuelab-starting \(index)"
            case .progress(let index): return "queuelab-progress \(index)"
            case .outcome(let index, let outcome):
                let data = (try? JSONEncoder().encode(outcome)) ?? Data()
                return "queuelab-outcome \(index) " + String(decoding: data, as: UTF8.self)
            case .other(let text): return text
            }
        }
    }
}
