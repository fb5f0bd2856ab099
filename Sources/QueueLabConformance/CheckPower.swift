/// How much a probabilistic check saw: the events it needs landed (races it cannot force), and the
/// rarest per-event failure rate they would have caught with 95 % probability.
///
/// With `landed` independent events and no failure among them, a failure rate p escapes with
/// probability (1 - p)^landed, which is at most 5 % once p >= -ln(0.05) / landed, about 3 / landed:
/// the check "would have seen a 1 in `floorOneIn` rate" (the rule of three).
public struct CheckPower: Sendable, Codable, Equatable, CustomStringConvertible {
    /// What counts as one event, e.g. "cancels landed between hand-off and body start".
    public var event: String
    /// Events that landed.
    public var landed: Int
    /// Attempts made to land them.
    public var attempts: Int
    /// The floor the level states: a rate of 1 in this many must be caught with 95 % probability.
    public var targetOneIn: Int

    /// A reading of `landed` events out of `attempts`, against a target floor of 1 in
    /// `targetOneIn`.
    package init(event: String, landed: Int, attempts: Int, targetOneIn: Int) {
        self.event = event
        self.landed = landed
        self.attempts = attempts
        self.targetOneIn = targetOneIn
    }

    /// -ln(0.05): events needed per unit of the rate's reciprocal.
    static let eventsPerOneIn = 2.995_732

    /// Events that reach a floor of 1 in `oneIn`.
    public static func eventsNeeded(oneIn: Int) -> Int { Int((Double(oneIn) * eventsPerOneIn).rounded(.up)) }

    /// The floor reached: a rate of 1 in this many would have been seen with 95 % probability.
    public var floorOneIn: Int { Int(Double(landed) / Self.eventsPerOneIn) }

    /// The floor in words: "1 in 85"; with nothing landed the check saw nothing, which "1 in 0"
    /// said badly (beside 4 busy loops a `cancel.race` can land none in the level's time).
    public var floorText: String { landed == 0 ? "no floor, nothing landed" : "floor 1 in \(Swift.max(1, floorOneIn))" }

    /// Whether enough events landed to reach the target floor (``eventsNeeded(oneIn:)`` of
    /// ``targetOneIn``); an outcome short of it is UNDERPOWERED.
    public var isEnough: Bool { landed >= Self.eventsNeeded(oneIn: targetOneIn) }

    public var description: String {
        "\(landed) \(event) in \(attempts) attempts: \(floorText) (target 1 in \(targetOneIn), \(Self.eventsNeeded(oneIn: targetOneIn)) needed)"
    }
}
