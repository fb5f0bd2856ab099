extension ConformanceLevel {
    /// The floor of the cancel races (`once.cancel-race`): a queue that runs a body twice in 1 of
    /// this many landed races is caught with 95 % probability, which takes about three times as
    /// many landed races (``CheckPower/eventsNeeded(oneIn:)``: 300 / 2,996 / 29,958).
    public var cancelRaceFloorOneIn: Int {
        switch self {
        case .quick: 100
        case .default: 1_000
        case .stress: 10_000
        }
    }

    /// The floor of `cancel.race`, whose cancels fall at random points of random graphs (only some
    /// of them are aimed at the hand-off), so ten times lower than ``cancelRaceFloorOneIn``.
    public var graphCancelRaceFloorOneIn: Int { cancelRaceFloorOneIn / 10 }
}
