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
        if let problem = unknownHelpTopic(Array(CommandLine.arguments.dropFirst())) { exitBadInput(problem) }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            exitBadInput(message(for: error))
        }
    }

    /// ArgumentParser answers `help nosuch` with the root's help and exit 0: a script that asks for
    /// a subcommand that does not exist would read that as an answer. Bad input here, as elsewhere.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        var path = [ToolName.current]
        var subcommands = QueueLabCommand.configuration.subcommands
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            var found: (any ParsableCommand.Type)?
            var known: [String] = []
            for subcommand in subcommands {
                let configuration = subcommand.configuration
                let commandName = configuration.commandName ?? ""
                if commandName == name { found = subcommand }
                if configuration.shouldDisplay { known.append(commandName) }
            }
            guard let found else {
                let parent = path.joined(separator: " ")
                guard !known.isEmpty else { return "help: \(parent) has no subcommands, so no '\(name)'" }
                return "help: '\(name)' is not a subcommand of \(parent) (\(known.joined(separator: ", ")))"
            }
            path.append(name)
            subcommands = found.configuration.subcommands
        }
        return nil
    }
}
