import ArgumentParser
import QueueLabCore
import QueueLabRegistry

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the queue implementations, one line each.",
        discussion: "Example: queuelab list"
    )

    func run() throws {
        let width = ToolImplementations.registry.all.map { $0.implementationName.count }.max() ?? 0
        for queue in ToolImplementations.registry.all {
            let name = queue.implementationName
            print(name + String(repeating: " ", count: width + 2 - name.count) + queue.implementationSummary)
        }
    }
}
