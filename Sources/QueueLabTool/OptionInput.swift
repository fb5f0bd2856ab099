import Foundation

/// Bad input: one line on standard error (a message's line breaks joined), exit status 2.
func exitBadInput(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message.replacingOccurrences(of: "\n", with: " "))\n".utf8))
    Foundation.exit(2)
}
