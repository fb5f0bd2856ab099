import ArgumentParser

@main
struct QueueLabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queuelab",
        abstract: "Checks and measures operation queues with NSOperationQueue semantics.",
        subcommands: [
            MainJobCommand.self, ListCommand.self, ConformCommand.self, BenchCommand.self, CompareCommand.self,
            ReportCommand.self, TraceCommand.self, SampleCommand.self,
        ],
        defaultSubcommand: MainJobCommand.self
    )
}
