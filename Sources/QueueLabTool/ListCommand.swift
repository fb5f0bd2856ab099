import ArgumentParser
import QueueLabCore
import QueueLabRegistry
import QueueLabScheduling

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the queue implementations (or, with --policies, the scheduling policies), one line each.",
        discussion: HelpText.examples(["\(ToolName.current) list", "\(ToolName.current) list --policies"])
    )

    @Flag(
        help:
            "List the scheduling policies --policy can name (the built-ins, then the tool's own), with their parameters."
    )
    var policies = false

    func run() throws {
        let registry = ToolImplementations.registry
        if policies {
            printTable(
                registry.policies.map { entry in
                    let keys = entry.parameters.map { "\($0.key)=\($0.expected)" }
                    return (entry.name, entry.summary + (keys.isEmpty ? "" : " [" + keys.joined(separator: "; ") + "]"))
                })
        } else {
            printTable(registry.all.map { ($0.implementationName, $0.implementationSummary) })
        }
    }

    private func printTable(_ rows: [(name: String, summary: String)]) {
        let width = rows.map(\.name.count).max() ?? 0
        for row in rows {
            print(row.name + String(repeating: " ", count: width + 2 - row.name.count) + row.summary)
        }
    }
}
