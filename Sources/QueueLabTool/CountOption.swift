import ArgumentParser

/// Whole-number options (sample counts, rounds, seconds) and their ranges. Declared with
/// `parsing: .unconditional` so that `--samples -1` reaches this check and is told its range,
/// rather than read as an option named `-1` ("Missing value").
enum CountOption {
    /// Samples per cell and side: 100,000 processes is days of sampling; more is a typo.
    static let samples: ClosedRange<Int> = 1...100_000

    /// Throws the one line naming the option, the value and the range when `value` is outside.
    static func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>, unit: String = "")
        throws(ValidationError)
    {
        guard !range.contains(value) else { return }
        throw ValidationError(problem(name, value, range, unit: unit))
    }

    static func problem(_ name: String, _ value: Int, _ range: ClosedRange<Int>, unit: String = "") -> String {
        "\(name) must be \(range.lowerBound) to \(range.upperBound)\(unit), got \(value)"
    }
}
