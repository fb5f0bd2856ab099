import Foundation

/// Bad input: one line on standard error (a message's line breaks joined), exit status 2.
func exitBadInput(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message.replacingOccurrences(of: "\n", with: " "))\n".utf8))
    Foundation.exit(2)
}

/// The range of a fraction option: 0 to 10 (1000 %). No floor or margin beyond a tenfold change
/// means anything, and an unbounded one overflowed where it was printed as a percentage.
let fractionRange: ClosedRange<Double> = 0...10

/// A fraction typed as an option (`--threshold 0.10`, `--same-within 0.10`): a number in
/// ``fractionRange``, or nil.
func parseFraction(_ text: String) -> Double? {
    guard let value = Double(text), fractionRange.contains(value) else { return nil }
    return value
}

/// What a bad fraction option is told, one line.
func fractionProblem(_ name: String, _ text: String) -> String {
    "\(name) must be a number from 0 to 10 (1000%) such as 0.10, got '\(text)'"
}

/// The fraction, or exit 2 naming the option.
func fractionOption(_ text: String, named name: String) -> Double {
    guard let value = parseFraction(text) else {
        exitBadInput(fractionProblem(name, text))
    }
    return value
}
