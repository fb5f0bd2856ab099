/// A duration typed as an option (`--budget 90s`, `--time-limit 30m`): whole seconds, minutes or
/// hours (`90s`, `10m`, `1h`, or plain seconds), from 1 second to 7 days. Bounded because a value
/// such as 2562047788015216h overflowed when it became seconds; nothing a gate or bench waits for
/// is longer than a week.
enum DurationOption {
    static let longestSeconds: Int64 = 7 * 24 * 3600
    static let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600]

    /// The duration, or nil when the text is no duration in range.
    static func parse(_ text: String) -> Duration? {
        let unit = text.last.flatMap { units[$0] }
        let digits = unit == nil ? text : String(text.dropLast())
        guard let value = Int64(digits), value > 0, value <= longestSeconds / (unit ?? 1) else { return nil }
        return .seconds(value * (unit ?? 1))
    }

    /// The one line a bad value gets.
    static func problem(_ name: String, _ text: String) -> String {
        "\(name) must be a duration from 1s to 7 days (168h) such as 90s, 10m or 1h, got '\(text)'"
    }
}
