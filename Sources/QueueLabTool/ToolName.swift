import Foundation

/// The name of the executable that is running: `queuelab` for QueueLab's own tool, the user's own
/// executable (`myqueue-lab`) for a tool built on ``QueueLabTool``. Usage lines, examples and
/// replay commands name it, so that what the help shows is what a user can type.
enum ToolName {
    static let current: String = {
        let name = (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }) ?? ""
        return name.isEmpty ? "queuelab" : name
    }()
}
