import ArgumentParser
import Foundation

struct QueueLabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ToolName.current,
        abstract: "Checks and measures operation queues with NSOperationQueue semantics.",
        subcommands: [
            MainJobCommand.self, ListCommand.self, ConformCommand.self, ConformChildCommand.self, BenchCommand.self,
            CompareCommand.self,
            ReportCommand.self, TraceCommand.self, ExplainCommand.self, SimulateCommand.self, GateCommand.self,
            SampleCommand.self,
        ],
        defaultSubcommand: MainJobCommand.self
    )

    /// As ArgumentParser's, except for bad input: a command line it cannot parse (an unknown flag, a
    /// missing value, a value an option's type refuses) or a `validate()` that refuses is one line
    /// on standard error and exit 2, like every other kind of bad input here, instead of the
    /// message, the usage and a pointer to help, and exit 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            exitBadInput(message(for: error))
        }
    }
}
