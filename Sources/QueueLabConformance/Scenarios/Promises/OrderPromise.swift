import QueueLabCore

/// One ordering promise checked alone at every start of a width-1 queue, against the
/// ``ReadyModel``: which ready operations the promise allows to start next.
enum OrderPromise: String, Sendable {
    case strictPriority = "strict priority"
    case fifoWithinLevel = "FIFO within a level"
    case lifoWithinLevel = "LIFO within a level"
    case readyOrder = "ready order"

    /// Why starting `index` breaks the promise, or nil when it keeps it. Call before
    /// ``ReadyModel/started(_:)``.
    ///
    /// `addOrderCounts`: the queue declares no policy and is held to Foundation's order, whose
    /// FIFO is by the order operations were *added* (Foundation walks its operations in that
    /// order), where a policy's `fifo-within-level` is by the order they became *ready*. The two
    /// differ only for an operation released by a dependency after later ones were added; such a
    /// queue breaks FIFO only by starting an operation while one of its level that is earlier in
    /// both orders is ready.
    func violation(
        starting index: Int, in model: inout ReadyModel, addOrderCounts: Bool = false, name: (Int) -> String
    ) -> String? {
        guard let started = model.listing(index) else {
            return
                "\(name(index)) started but the model did not hold it ready (it started twice, or before it was added or released)"
        }
        func describe(_ listing: ReadyModel.Listing) -> String {
            "\(name(listing.index)) (\(QueuePriority.allCases[listing.level]), listing #\(listing.key))"
        }
        switch self {
        case .strictPriority:
            guard let highest = model.highestLevel, highest > started.level else { return nil }
            let waiting = model.oldest(level: highest).map(describe) ?? "?"
            return
                "started \(describe(started)) while \(model.levelCounts[highest]) operations of \(QueuePriority.allCases[highest]) were ready, e.g. \(waiting)"
        case .fifoWithinLevel where addOrderCounts:
            guard let earlier = model.earliestReady(level: started.level, before: started) else { return nil }
            return
                "started \(describe(started)) while \(describe(earlier)), added and listed earlier at the same level, was ready"
        case .fifoWithinLevel:
            guard let oldest = model.oldest(level: started.level), oldest.key < started.key else { return nil }
            return "started \(describe(started)) while \(describe(oldest)), listed earlier at the same level, was ready"
        case .lifoWithinLevel:
            guard let newest = model.newest(level: started.level), newest.key > started.key else { return nil }
            return "started \(describe(started)) while \(describe(newest)), listed later at the same level, was ready"
        case .readyOrder:
            guard let oldest = model.oldest(level: nil), oldest.key < started.key else { return nil }
            return "started \(describe(started)) while \(describe(oldest)), ready earlier, was ready"
        }
    }
}
