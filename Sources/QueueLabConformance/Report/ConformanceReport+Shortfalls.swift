import QueueLabCore

extension ConformanceReport {
    /// Model-based outcomes (`model.*`) that passed without exercising every clause they could:
    /// a clause whose situation never arose was not tested.
    public var unexercisedClauses: [CheckOutcome] { outcomes.filter { !($0.unexercisedClauses ?? []).isEmpty } }

    /// The checks short of their power: UNDERPOWERED outcomes, each with how far it got.
    public var shortOfPower: [CheckOutcome] { outcomes.filter { $0.verdict == .underpowered } }

    /// A promise a policy column declares that no check of this run verified: none of the checks
    /// that need it ran there with PASS (each was UNSUPPORTED, UNDERPOWERED, failed, or not
    /// selected by `--check`).
    public struct UnverifiedPromise: Sendable, Equatable {
        /// The label of the policy column that declares the promise, e.g. `lock[aging(step=2ms)]`.
        public let implementation: String
        /// The promise's name, as the policy declares it: `strict-priority`, `bounded-wait`...
        public let promise: String
        /// The checks that would verify it, and what each got here ("not run" when filtered out).
        public let checks: [(id: String, verdict: String)]

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.implementation == rhs.implementation && lhs.promise == rhs.promise
                && lhs.checks.map(\.id) == rhs.checks.map(\.id)
                && lhs.checks.map(\.verdict) == rhs.checks.map(\.verdict)
        }
    }

    /// Every declared policy promise no check of this run verified, in column order.
    public var unverifiedPromises: [UnverifiedPromise] {
        guard let declaredPromises else { return [] }
        var found: [UnverifiedPromise] = []
        for implementation in implementations {
            for promise in declaredPromises[implementation] ?? [] {
                let verifying = Check.all.filter { check in
                    check.promiseRequirement.alternatives.contains { $0.promiseNames.contains(promise) }
                }
                let got = verifying.map { check in
                    (
                        id: check.id,
                        verdict: outcome(check: check.id, implementation: implementation)?.verdictLabel ?? "not run"
                    )
                }
                if !got.contains(where: { $0.verdict == Verdict.pass.rawValue }) {
                    found.append(UnverifiedPromise(implementation: implementation, promise: promise, checks: got))
                }
            }
        }
        return found
    }
}

extension OrderingPromises {
    /// Each promise of the set by its name (`strict-priority`...), one by one.
    var promiseNames: [String] {
        (0..<32).compactMap { bit in
            let single = OrderingPromises(rawValue: 1 << UInt32(bit))
            return contains(single) ? single.description : nil
        }
    }
}

extension ConformanceReport {
    /// Notes the promises of `recipe`'s policy, if it has one, for ``unverifiedPromises``.
    public mutating func declare(_ recipe: any QueueRecipe) {
        guard let policy = recipe.policy else { return }
        declaredPromises = (declaredPromises ?? [:]).merging([recipe.label: policy.promises.promiseNames]) { _, new in
            new
        }
    }
}
