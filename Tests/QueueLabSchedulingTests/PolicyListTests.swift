import QueueLabScheduling
import TestTiers
import Testing

/// `--policy a,b:k=v,...`: where a comma starts a new policy.
@Suite(.onBlockingThreads) struct PolicyListTests {
    @Test func splitsOnNamesOnly() {
        #expect(SchedulingPolicies.splitList("strict,fifo") == ["strict", "fifo"])
        #expect(SchedulingPolicies.splitList("aging:step=2ms,fifo") == ["aging:step=2ms", "fifo"])
        #expect(
            SchedulingPolicies.splitList("weighted:weights=1:2:4:8:16,aging:step=2ms,lifo")
                == ["weighted:weights=1:2:4:8:16", "aging:step=2ms", "lifo"])
        // A key=value after a comma belongs to the policy before it.
        #expect(SchedulingPolicies.splitList("aging:step=2ms,step=3ms,fifo") == ["aging:step=2ms,step=3ms", "fifo"])
        #expect(SchedulingPolicies.splitList(" strict , ,fifo") == ["strict", "fifo"])
    }

    @Test func anUnknownNameIsAPolicyOfItsOwn() throws {
        let items = SchedulingPolicies.splitList("aging,bogus")
        #expect(items == ["aging", "bogus"])
        #expect(throws: PolicySpecError.unknownPolicy("bogus", valid: SchedulingPolicies.names)) {
            try SchedulingPolicies.parse(items[1])
        }
    }

    @Test func everyItemParses() throws {
        for item in SchedulingPolicies.splitList("strict,fifo,aging:step=2ms,weighted:weights=1:1:2:4:8,lifo") {
            _ = try SchedulingPolicies.parse(item)
        }
    }
}
