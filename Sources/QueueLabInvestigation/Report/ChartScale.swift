import Foundation

/// Maps data values to pixels on one axis, linear or logarithmic, and proposes tick values.
struct ChartScale {
    enum Kind {
        case linear
        case logarithmic
    }

    let kind: Kind
    let lower: Double
    let upper: Double
    let pixelStart: Double
    let pixelEnd: Double

    /// A linear scale from zero to a "nice" value above `maximum`.
    static func linear(upTo maximum: Double, pixels: ClosedRange<Double>) -> ChartScale {
        let top = maximum > 0 && maximum.isFinite ? niceCeiling(maximum) : 1
        return ChartScale(
            kind: .linear, lower: 0, upper: top, pixelStart: pixels.lowerBound, pixelEnd: pixels.upperBound)
    }

    /// A log-10 scale covering `values`, widened to whole decades (at least one).
    static func logarithmic(covering values: [Double], pixels: ClosedRange<Double>, reversed: Bool = false)
        -> ChartScale
    {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        let low = positive.min() ?? 1
        let high = positive.max() ?? 10
        var lowerExponent = floor(log10(low))
        var upperExponent = ceil(log10(high))
        if upperExponent <= lowerExponent { upperExponent = lowerExponent + 1 }
        if upperExponent - lowerExponent > 12 { lowerExponent = upperExponent - 12 }
        let start = reversed ? pixels.upperBound : pixels.lowerBound
        let end = reversed ? pixels.lowerBound : pixels.upperBound
        return ChartScale(
            kind: .logarithmic, lower: pow(10, lowerExponent), upper: pow(10, upperExponent), pixelStart: start,
            pixelEnd: end)
    }

    func position(_ value: Double) -> Double {
        let fraction: Double
        switch kind {
        case .linear:
            fraction = (value - lower) / (upper - lower)
        case .logarithmic:
            let clamped = Swift.max(value, lower)
            fraction = (log10(clamped) - log10(lower)) / (log10(upper) - log10(lower))
        }
        return pixelStart + (pixelEnd - pixelStart) * Swift.min(Swift.max(fraction, 0), 1)
    }

    /// Tick values: 4 to 6 round numbers (linear), or every decade plus 2x and 5x when few (log).
    var ticks: [Double] {
        switch kind {
        case .linear:
            let step = Self.niceCeiling(upper / 5)
            return stride(from: 0, through: upper + step / 2, by: step).map { $0 }
        case .logarithmic:
            let first = Int(log10(lower).rounded())
            let last = Int(log10(upper).rounded())
            var values: [Double] = []
            let decades = last - first
            let stepDecades = decades > 6 ? 2 : 1
            for exponent in Swift.stride(from: first, through: last, by: stepDecades) {
                let base = pow(10, Double(exponent))
                values.append(base)
                if decades <= 2 && exponent < last { values += [2 * base, 5 * base] }
            }
            return values
        }
    }

    /// The smallest of 1, 2, 2.5, 5, 10 times a power of ten that is at least `value`.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        let magnitude = pow(10, floor(log10(value)))
        for factor in [1, 2, 2.5, 5, 10] where factor * magnitude >= value * 0.999_999 {
            return factor * magnitude
        }
        return 10 * magnitude
    }
}
