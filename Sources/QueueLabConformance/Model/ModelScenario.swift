import QueueLabCore

/// The model-based checks: generated programs run against the queue with the model beside it
/// (`model.contract` for the queue contract, `model.policy` for the order the policy promises).
/// A failure is shrunk to the shortest program that still breaks the same clause, and printed as
/// the calls made and as Swift.
enum ModelScenario {
    struct Size {
        let programs: Int
        let calls: Int
    }

    static func size(_ level: ConformanceLevel, focus: ProgramGenerator.Focus) -> Size {
        switch (level, focus) {
        case (.quick, .contract): Size(programs: 16, calls: 50)
        case (.quick, .policy): Size(programs: 8, calls: 300)
        case (.stress, .contract): Size(programs: 600, calls: 120)
        case (.stress, .policy): Size(programs: 150, calls: 800)
        case (_, .contract): Size(programs: 120, calls: 80)
        case (_, .policy): Size(programs: 40, calls: 600)
        }
    }

    static func run<Q: OperationQueueing>(
        _ focus: ProgramGenerator.Focus, _ queue: Q.Type, _ context: ScenarioContext
    ) throws -> ScenarioPass {
        let size = size(context.level, focus: focus)
        let quiet: Duration = context.level == .quick ? .microseconds(500) : .milliseconds(1)
        var coverage = ClauseCoverage()
        var calls = 0
        for number in 1...size.programs {
            var generator = ProgramGenerator(focus: focus, rng: context.rng.split())
            let widths = generator.queueWidths()
            let runner = ProgramRunner<Q>(context, widths: widths, quiet: quiet)
            do throws(ModelViolation) {
                while runner.made.count < size.calls, let call = generator.next(runner.model) {
                    _ = try runner.make(call)
                }
                try runner.finish()
                coverage.merge(runner.model.coverage)
                calls += runner.made.count
            } catch {
                let failing = Failure(widths: widths, calls: runner.made, violation: error)
                let shrunk = ProgramShrinker<Q>(context: context, quiet: quiet).shrink(failing)
                throw ScenarioAbort.fail(
                    "[\(shrunk.violation.clause.id)] \(shrunk.violation.message) (program \(number), shrunk from \(runner.made.count) to \(shrunk.calls.count) calls, \(shrunk.operationCount) of them making operations)",
                    evidence: shrunk.evidence(clause: shrunk.violation.clause))
            }
        }
        let deviated = ContractClause.deviated(by: Q.knownDeviations)
        let candidates = exercisable(focus: focus, context).filter { !deviated.contains($0) }
        let missing = coverage.unexercised(of: candidates)
        var pass = ScenarioPass(
            "\(size.programs) programs, \(calls) calls; clauses exercised: \(candidates.count - missing.count) of \(candidates.count)"
                + (missing.isEmpty ? "" : "; never: \(missing.map(\.id).joined(separator: ", "))")
                + (deviated.isEmpty
                    ? "" : "; not judged (declared deviations): \(deviated.map(\.id).joined(separator: ", "))"))
        pass.clauseCoverage = coverage.counts
        pass.unexercisedClauses = missing.map(\.id)
        return pass
    }

    /// The clauses a run of `focus` can exercise on a queue with the context's capabilities and
    /// promises.
    static func exercisable(focus: ProgramGenerator.Focus, _ context: ScenarioContext) -> [ContractClause] {
        ContractClause.all.filter { clause in
            if let promise = clause.promise {
                guard context.promises.contains(promise) else { return false }
                if promise == .weightedShares { return focus == .policy }
                return true
            }
            if focus == .policy { return [.relist].contains(clause) }
            switch clause {
            case .cycleRejected: return context.has(.cycleRejection)
            case .cycleDeadlock: return !context.has(.cycleRejection)
            case .misuseAdd, .misuseFinish: return context.has(.misuseErrors)
            case .observerPath: return context.has(.stateObservation)
            default: return true
            }
        }
    }

    /// A failing program: the queues' widths, the calls made, the clause broken.
    struct Failure {
        let widths: [Int]
        let calls: [ModelCall]
        let violation: ModelViolation

        /// The operations and barriers the program makes.
        var operationCount: Int { calls.count { $0.makesOperation } }

        func evidence(clause: ContractClause) -> [Evidence] {
            [
                .program(
                    clause: clause.id, sentence: clause.sentence, widths: widths, calls: calls.map { "\($0)" },
                    swift: calls.map(\.swift))
            ]
        }
    }
}

extension Check {
    static let modelContract = Check(
        id: "model.contract",
        summary:
            "generated programs over every call in every state, judged by the contract's executable model; failures shrunk",
        sight: .generatedPrograms,
        requirements: [
            .dependencies, .cancellation, .width, .suspension, .priorities, .asynchronousOperations, .barriers,
            .crossQueueDependencies,
        ],
        run: { queue, context in try ModelScenario.run(.contract, queue, context) })

    static let modelPolicy = Check(
        id: "model.policy",
        summary:
            "generated backlogs at subsets of levels, churn of priority changes and cancels, chains: every start judged against the policy's promises",
        sight: .generatedPrograms,
        requirements: [.dependencies, .cancellation, .width, .suspension, .priorities, .crossQueueDependencies],
        run: { queue, context in try ModelScenario.run(.policy, queue, context) })
}
