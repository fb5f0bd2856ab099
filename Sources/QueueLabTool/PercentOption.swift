import ArgumentParser
import QueueLabBenchmarks

/// Every threshold and detectable change on the command line is a percentage written with its
/// sign (`7%`, `2.5%`): one unit, whatever the flag. The parser takes any text; the option group
/// that declares it checks the value and its range in `validate()`, so that the one-line message
/// names the option, the value and what is allowed.
struct PercentOption: ExpressibleByArgument, Sendable, Equatable, CustomStringConvertible {
    let text: String

    init(argument: String) { text = argument }

    /// `7%` as 0.07; nil unless a finite number followed by `%`.
    var fraction: Double? {
        guard text.hasSuffix("%"), let value = Double(text.dropLast()), value.isFinite else { return nil }
        return value / 100
    }

    var description: String { text }
    var defaultValueDescription: String { text }

    /// The fraction when it lies in `range` (fractions: 0.07 is 7%), else the one line saying so.
    /// A bare number was a fraction in `--threshold` and a percentage in `--until-detectable`
    /// before the options shared one unit; it is refused rather than read one way silently.
    func checked(_ name: String, in range: ClosedRange<Double>, excludingZero: Bool = false)
        throws(ValidationError) -> Double
    {
        if let fraction, range.contains(fraction), !(excludingZero && fraction == 0) { return fraction }
        let largest = Percent.format(range.upperBound)
        let bounds =
            excludingZero ? "above 0% and at most \(largest)" : "from \(Percent.format(range.lowerBound)) to \(largest)"
        var message = "\(name) must be a percentage \(bounds) such as 7%, got '\(text)'"
        if fraction == nil, Double(text) != nil { message += " (write the % sign: 7% rather than 0.07 or 7)" }
        throw ValidationError(message)
    }

    /// The range of a floor or margin: 0 to 1000 %. No floor beyond a tenfold change means
    /// anything, and an unbounded one overflowed where it was printed.
    static let floorRange: ClosedRange<Double> = 0...10
    /// The range of a detectable change: above 0, at most 100000 % (what a test asks for when it
    /// means "any change"; 1e19 % overflowed where it was printed).
    static let detectableRange: ClosedRange<Double> = 0...Percent.largest / 100
}

/// How a comparison judges (`compare`, `report`, `gate`): one default everywhere, the gate's
/// calibrated floor (results/gate/campaign: 7 % caught real 10 % slowdowns and left every A/A row
/// alone; 10 % missed half of them).
struct JudgementOptions: ParsableArguments {
    static let defaultThreshold = "7%"
    static let defaultSameWithin = "10%"

    // `.unconditional`: `--threshold -1%` reaches the range check instead of reading as an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Practical floor, 0% to 1000%: a smaller change is never a REGRESSION or IMPROVEMENT.",
            valueName: "percent"))
    var threshold = PercentOption(argument: defaultThreshold)

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "SAME only when the 95% interval of the change lies within this either way, 0% to 1000%.",
            valueName: "percent"))
    var sameWithin = PercentOption(argument: defaultSameWithin)

    mutating func validate() throws {
        _ = try rule()
    }

    /// The verdict rule of these options (checked).
    func rule() throws(ValidationError) -> VerdictRule {
        VerdictRule(
            threshold: try threshold.checked("--threshold", in: PercentOption.floorRange),
            sameWithin: try sameWithin.checked("--same-within", in: PercentOption.floorRange))
    }
}

/// What a comparison must show beyond "no regression" (`compare`, `gate`).
struct EvidenceOptions: ParsableArguments {
    @Flag(help: "Exit 5 when nothing regressed but a comparison is INCONCLUSIVE: no evidence is not a pass.")
    var requireEvidence = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Exit 6 when a headline row (the ops_per_s figure of a cell) cannot detect this change with 80% power, e.g. 10%.",
            valueName: "percent"))
    var requireDetectable: PercentOption?

    mutating func validate() throws { _ = try detectableLimit() }

    /// The fraction `--require-detectable` asks for, or nil without it (checked).
    func detectableLimit() throws(ValidationError) -> Double? {
        try requireDetectable?.checked("--require-detectable", in: PercentOption.detectableRange, excludingZero: true)
    }
}
