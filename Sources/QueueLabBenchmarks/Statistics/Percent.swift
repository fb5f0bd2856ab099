/// A percentage as typed on a command line: "10%" or "10" is 0.10.
public enum Percent {
    /// The fraction, or nil unless a finite number above zero.
    public static func parse(_ text: String) -> Double? {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(digits), value.isFinite, value > 0 else { return nil }
        return value / 100
    }
}

extension Percent {
    /// 0.05 as "5%", 0.025 as "2.5%".
    public static func format(_ fraction: Double) -> String {
        let percent = (fraction * 1000).rounded() / 10
        return percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
    }
}
