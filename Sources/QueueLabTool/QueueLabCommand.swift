import ArgumentParser
import Foundation

struct QueueLabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queuelab",
        abstract: "Checks and measures operation queues with NSOperationQueue semantics.",
        subcommands: [
            MainJobCommand.self, ListCommand.self, ConformCommand.self, ConformChildCommand.self, BenchCommand.self,
            CompareCommand.self,
            ReportCommand.self, TraceCommand.self, GateCommand.self, SampleCommand.self,
        ],
        defaultSubcommand: MainJobCommand.self
    )

    /// As ArgumentParser's, except that a command line it cannot parse (an unknown flag, a missing
    /// value) exits 2 like every other kind of bad input here, instead of its 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}
