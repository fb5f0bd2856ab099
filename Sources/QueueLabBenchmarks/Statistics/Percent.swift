/// A percentage as typed on a command line: "10%" or "10" is 0.10.
package enum Percent {
    /// The largest percentage an option takes: 100000 % (a thousandfold change, what a test asks
    /// for when it means "any change"). 1e19 % overflowed where it was printed.
    package static let largest = 100_000.0
    /// How the accepted range reads in a message.
    package static let range = "above 0 and at most 100000%"

    /// The fraction, or nil unless a number above zero and at most ``largest`` percent.
    package static func parse(_ text: String) -> Double? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(digits), value > 0, value <= largest else { return nil }
        return value / 100
    }
}

extension Percent {
    /// 0.05 as "5%", 0.025 as "2.5%".
    /// Beyond what an Int holds (or not finite) it prints as a Double: no value traps here.
    package static func format(_ fraction: Double) -> String {
        let percent = (fraction * 1000).rounded() / 10
        guard percent.isFinite, abs(percent) < 1e15 else { return "\(fraction * 100)%" }
        return percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
    }
}
