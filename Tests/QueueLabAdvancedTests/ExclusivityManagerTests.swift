import QueueLabAdvanced
import QueueLabCore
import TestTiers
import Testing

/// The manager alone, without threads: grants are callbacks, so the order is deterministic.
@Suite("Exclusivity manager", .onBlockingThreads)
struct ExclusivityManagerTests {
    final class Grants: @unchecked Sendable {
        // @unchecked Sendable: used from the test's thread only (grants run inside the calls).
        var order: [String] = []
    }

    func label(_ name: String) -> OperationLabel { OperationLabel(id: OperationID.next(), name: name) }

    @Test func grantsAllCategoriesAtOnceAndFIFO() {
        let manager = ExclusivityManager()
        let grants = Grants()
        let a = manager.request(["x"], for: label("a")) { grants.order.append("a") }
        let b = manager.request(["x", "y"], for: label("b")) { grants.order.append("b") }
        let c = manager.request(["y"], for: label("c")) { grants.order.append("c") }
        let d = manager.request(["z"], for: label("d")) { grants.order.append("d") }
        // b waits for x, and holds nothing meanwhile; c is behind b in y's line (FIFO); d is free.
        #expect(grants.order == ["a", "d"])
        #expect(manager.blockers(of: c).map(\.name) == ["b"])
        manager.release(a)
        #expect(grants.order == ["a", "d", "b"])
        manager.release(b)
        #expect(grants.order == ["a", "d", "b", "c"])
        manager.release(c)
        manager.release(d)
        #expect(manager.heldCategories.isEmpty)
    }

    @Test func withdrawnRequestUnblocksThoseBehindIt() {
        let manager = ExclusivityManager()
        let grants = Grants()
        let a = manager.request(["x"], for: label("a")) { grants.order.append("a") }
        let b = manager.request(["x", "y"], for: label("b")) { grants.order.append("b") }
        _ = manager.request(["y"], for: label("c")) { grants.order.append("c") }
        #expect(manager.release(b) == false)
        #expect(grants.order == ["a", "c"])
        #expect(manager.release(a))
        #expect(manager.release(a) == false)
    }

    @Test func opposedOrdersNeverDeadlock() {
        let manager = ExclusivityManager()
        let grants = Grants()
        let first = manager.request(["a", "b"], for: label("ab")) { grants.order.append("ab") }
        let second = manager.request(["b", "a"], for: label("ba")) { grants.order.append("ba") }
        #expect(grants.order == ["ab"])
        manager.release(first)
        #expect(grants.order == ["ab", "ba"])
        manager.release(second)
    }
}
