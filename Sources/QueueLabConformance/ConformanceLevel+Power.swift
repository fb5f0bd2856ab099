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

    /// The floor of `batch.atomic`: a queue that admits a batch's members one at a time and loses
    /// the race in 1 of this many landed batches (its first body started inside the add call) is
    /// caught with 95 % probability.
    public var batchRaceFloorOneIn: Int {
        switch self {
        case .quick: 10
        case .default: 50
        case .stress: 200
        }
    }
}
