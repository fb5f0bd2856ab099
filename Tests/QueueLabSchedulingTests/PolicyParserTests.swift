import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// `name[:key=value,...]` to a policy, and the errors a command line would show.
@Suite(.onBlockingThreads) struct PolicyParserTests {
    @Test(arguments: builtInNames)
    func everyBuiltInParsesBackFromItsSpecification(_ name: String) throws {
        let policy = try SchedulingPolicies.parse(name)
        #expect(policy.name == name)
        let again = try SchedulingPolicies.parse(policy.declaration.specification)
        #expect(again.declaration == policy.declaration)
    }

    @Test func parametersAreReadAndDescribed() throws {
        let aging = try SchedulingPolicies.parse("aging:step=2ms")
        #expect(aging.declaration.description == "aging(step=2ms)")
        #expect(aging.declaration.agingStep == .milliseconds(2))
        #expect(try SchedulingPolicies.parse("aging:step=1500us").declaration.description == "aging(step=1500us)")
        let weighted = try SchedulingPolicies.parse("weighted:weights=1:1:2:4:8")
        #expect(weighted.declaration.shareWeights == [1, 1, 2, 4, 8])
        #expect(weighted.declaration.specification == "weighted:weights=1:1:2:4:8")
        #expect(try SchedulingPolicies.parse(" FIFO ").name == "fifo")
    }

    @Test func defaultsFillMissingParameters() throws {
        #expect(try SchedulingPolicies.parse("aging").declaration.agingStep == AgingPolicy.defaultStep)
        #expect(try SchedulingPolicies.parse("weighted").declaration.shareWeights == WeightedPolicy.defaultWeights)
    }

    @Test func errorsListWhatIsValid() {
        let valid = ["strict", "fifo", "aging", "weighted", "lifo", "inherit", "critical-path"]
        #expect(throws: PolicySpecError.unknownPolicy("bogus", valid: valid)) {
            try SchedulingPolicies.parse("bogus")
        }
        #expect(throws: PolicySpecError.unknownParameter(policy: "aging", key: "stp", valid: ["step"])) {
            try SchedulingPolicies.parse("aging:stp=2ms")
        }
        #expect(throws: PolicySpecError.malformedParameter(policy: "aging", text: "step")) {
            try SchedulingPolicies.parse("aging:step")
        }
        #expect(throws: PolicySpecError.malformedParameter(policy: "aging", text: "step=3ms")) {
            try SchedulingPolicies.parse("aging:step=2ms,step=3ms")
        }
        for bad in ["aging:step=2", "aging:step=0ms", "aging:step=-1ms", "aging:step=fast"] {
            #expect(throws: PolicySpecError.self) { try SchedulingPolicies.parse(bad) }
        }
        for bad in ["weighted:weights=1:2", "weighted:weights=0:1:1:1:1", "weighted:weights=a:b:c:d:e"] {
            #expect(throws: PolicySpecError.self) { try SchedulingPolicies.parse(bad) }
        }
        let message = PolicySpecError.unknownPolicy("x", valid: SchedulingPolicies.names).description
        #expect(
            message == "unknown policy 'x'; valid policies: strict, fifo, aging, weighted, lifo, inherit, critical-path"
        )
        let none = PolicySpecError.unknownParameter(policy: "fifo", key: "x", valid: []).description
        #expect(none == "policy 'fifo' takes no parameters (got 'x')")
    }

    @Test func promisesAreDeclared() throws {
        let promises = try SchedulingPolicies.builtIn.map { entry in
            (entry.name, try SchedulingPolicies.parse(entry.name).promises)
        }
        let expected: [(String, OrderingPromises)] = [
            ("strict", [.strictPriority, .fifoWithinLevel]),
            ("fifo", [.readyOrder, .fifoWithinLevel]),
            ("aging", [.fifoWithinLevel, .boundedWait]),
            ("weighted", [.fifoWithinLevel, .weightedShares]),
            ("lifo", [.strictPriority, .lifoWithinLevel]),
            ("inherit", [.strictPriority, .fifoWithinLevel, .priorityInheritance]),
            ("critical-path", [.strictPriority, .longestChainFirst]),
        ]
        #expect(promises.map(\.0) == expected.map(\.0))
        #expect(promises.map(\.1) == expected.map(\.1))
        // The figures each promise is stated in.
        let declarations = try SchedulingPolicies.builtIn.map { try SchedulingPolicies.parse($0.name).declaration }
        #expect(declarations.map(\.rankCap) == [nil, nil, nil, nil, nil, nil, CriticalPathPolicy.defaultCap])
        #expect(declarations.map(\.relistsOnPriorityChange) == [true, false, true, true, true, true, true])
        #expect(declarations[2].agingStep == AgingPolicy.defaultStep)
        #expect(declarations[3].shareWeights == WeightedPolicy.defaultWeights)
        #expect(
            OrderingPromises([.strictPriority, .fifoWithinLevel]).description == "strict-priority,fifo-within-level")
    }

    @Test func staticNamesMakeTheBuiltIns() {
        func name(_ policy: some SchedulingPolicy) -> String { policy.declaration.description }
        #expect(name(.strict) == "strict")
        #expect(name(.fifo) == "fifo")
        #expect(name(.lifo) == "lifo")
        #expect(name(.aging(step: .microseconds(500))) == "aging(step=500us)")
        #expect(name(.weighted) == "weighted(weights=1:2:4:8:16)")
        #expect(name(.criticalPath) == "critical-path(cap=64)")
    }
}
