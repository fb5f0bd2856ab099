import ArgumentParser
import TestTiers
import Testing

@testable import QueueLabTool

/// The help as an 80-column terminal shows it: examples and exit-status tables are laid out by
/// `HelpText`, never re-wrapped by ArgumentParser (a wrapped example, copied, runs without its end).
@Suite(.onBlockingThreads) struct HelpLayoutTests {
    static let subcommands = QueueLabCommand.configuration.subcommands.filter { $0.configuration.shouldDisplay }

    /// The lines of each "Examples:" and "Exit status" block, up to the blank line that ends it.
    static func blocks(_ help: String) -> [[Substring]] {
        var blocks: [[Substring]] = []
        var current: [Substring]?
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Examples:") || line.hasPrefix("Exit status") {
                current = []
            } else if line.isEmpty {
                if let block = current { blocks.append(block) }
                current = nil
            } else {
                current?.append(line)
            }
        }
        if let block = current { blocks.append(block) }
        return blocks
    }

    @Test(arguments: subcommands.map { $0.configuration.commandName ?? "" })
    func examplesAndExitStatusesAreNeverRewrapped(command: String) throws {
        let subcommand = try #require(Self.subcommands.first { $0.configuration.commandName == command })
        let help = QueueLabCommand.helpMessage(for: subcommand, columns: 80)
        let blocks = Self.blocks(help)
        #expect(!blocks.isEmpty, "\(command): no Examples or Exit status block")
        for line in blocks.joined() {
            // ArgumentParser continues a line it wraps flush left.
            #expect(line.hasPrefix("  "), "\(command): a line wrapped by ArgumentParser: '\(line)'")
            #expect(line.count < 80, "\(command): '\(line)'")
        }
        // A continued example is continued as the shell reads it: " \" then an indented line.
        for block in blocks {
            for (line, next) in zip(block, block.dropFirst()) where line.hasSuffix(" \\") {
                #expect(next.hasPrefix("      "), "\(command): '\(line)' is followed by '\(next)'")
            }
        }
    }

    @Test func aLongExampleIsContinuedBetweenOptionsAndItsCommentGoesAbove() {
        let text = HelpText.examples([
            "queuelab conform --impl lock --check once.cancel-race --level default --require-power --seeds 1-5000",
            "queuelab conform --level quick --time-bound 30   # a loaded CI machine",
        ])
        #expect(
            text == """
                Examples:
                  queuelab conform --impl lock --check once.cancel-race --level default \\
                      --require-power --seeds 1-5000
                  # a loaded CI machine
                  queuelab conform --level quick --time-bound 30
                """)
    }

    @Test func helpForNoSuchSubcommandIsBadInput() {
        #expect(QueueLabCommand.unknownHelpTopic(["help", "nosuch"])?.contains("'nosuch' is not a subcommand") == true)
        #expect(QueueLabCommand.unknownHelpTopic(["help", "conform", "x"])?.contains("has no subcommands") == true)
        #expect(QueueLabCommand.unknownHelpTopic(["help", "conform"]) == nil)
        #expect(QueueLabCommand.unknownHelpTopic(["help"]) == nil)
        #expect(QueueLabCommand.unknownHelpTopic(["conform", "nosuch"]) == nil)
    }
}
