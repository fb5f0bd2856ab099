import Dispatch
import Synchronization

/// `n` serial dispatch queues taking operations in turn: how the baseline honours a width of `n`
/// with nothing more than `DispatchQueue.async`. At most `n` operations run at once (one per
/// lane), and `n` queued operations in a row start together.
///
/// Not work-conserving: an operation waits behind the one before it in its lane even when
/// another lane is idle. The floor of a width-limited queue, not a scheduler.
final class LaneSet: Sendable {
    let lanes: [DispatchQueue]
    private let turn = Atomic<Int>(0)

    init(count: Int, label: String) {
        lanes = (0..<count).map { DispatchQueue(label: "\(label).lane\($0)") }
    }

    var width: Int { lanes.count }

    func next() -> DispatchQueue {
        let index = turn.add(1, ordering: .relaxed).oldValue
        return lanes[index % lanes.count]
    }
}
