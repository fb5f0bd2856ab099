import Foundation

/// Bad input: one line on standard error (a message's line breaks joined), exit status 2.
func exitBadInput(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message.replacingOccurrences(of: "\n", with: " "))\n".utf8))
    Foundation.exit(2)
}

/// A fraction typed as an option (`--threshold 0.10`, `--same-within 0.10`): a finite number of at
/// least zero, or nil.
func parseFraction(_ text: String) -> Double? {
    guard let value = Double(text), value >= 0, value.isFinite else { return nil }
    return value
}

/// The fraction, or exit 2 naming the option.
func fractionOption(_ text: String, named name: String) -> Double {
    guard let value = parseFraction(text) else {
        exitBadInput("\(name) must be a non-negative number such as 0.10, got '\(text)'")
    }
    return value
}
