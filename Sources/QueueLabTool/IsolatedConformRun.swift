import Foundation
import QueueLabBenchmarks
import QueueLabConformance
import QueueLabCore

/// `conform`'s crash isolation: the checks of each implementation run in a child process of this
/// same executable (``ConformChildCommand``, so a third party's tool built on QueueLabTool
/// isolates its own queue too). When a queue traps, the child dies; the check it was running
/// gets CRASH (with the signal, the child's last lines of standard error and the replay line), a
/// fresh child goes on with the checks after it, and the run and its report survive.
///
/// One child per implementation, not per check: the quick level stays quick. Every wait on a
/// child is bounded (``ChildCheckWatch``): a child silent for ``childBound(_:)`` (the check inside
/// reports its queues moving), or whose check ran past ``checkCap(_:)``, is killed, and the check
/// it was running gets STALE saying which.
struct IsolatedConformRun {
    let executable: String
    let level: ConformanceLevel
    let checks: [Check]
    let seeds: SeedList
    /// `--time-bound`, as typed.
    let timeBound: Double?
    /// Told of each outcome as it arrives.
    let progress: (CheckOutcome) -> Void

    /// Every outcome of `recipe`'s column, in item order (``ConformChildProtocol/items(checks:seeds:)``).
    func outcomes(of recipe: any QueueRecipe) -> [CheckOutcome] {
        let items = ConformChildProtocol.items(checks: checks, seeds: seeds.seeds)
        var outcomes: [CheckOutcome] = []
        outcomes.reserveCapacity(items.count)
        while outcomes.count < items.count {
            let from = outcomes.count
            var running: Int?
            var watch: ChildCheckWatch?
            let command = childCommand(recipe, skip: from)
            let end: ChildEnd
            do {
                end = try ChildProcess.runLines(command, firstLineWithin: Self.launchBound) { text in
                    switch ConformChildProtocol.Line(parsing: text) {
                    case .starting(let index):
                        running = index
                        let check = items[index].check
                        var started = ChildCheckWatch(silence: childBound(check), cap: checkCap(check))
                        defer { watch = started }
                        return started.nextBound()
                    case .progress:
                        return watch?.nextBound() ?? Self.launchBound
                    case .outcome(let index, let outcome):
                        // In order, once: anything else is a confused child, treated as a crash below.
                        if index == outcomes.count && index == running {
                            outcomes.append(outcome)
                            progress(outcome)
                        }
                        running = nil
                        watch = nil
                        return Self.launchBound
                    case .other(let line):
                        // A queue's own prints: passed on where the user sees them.
                        FileHandle.standardError.write(Data("  [\(recipe.label)] \(line)\n".utf8))
                        return watch?.nextBound() ?? Self.launchBound
                    }
                }
            } catch {
                end = ChildEnd(
                    status: -1, signal: nil, timedOut: false,
                    standardErrorExcerpt: ["cannot start \(executable): \(error)"])
            }
            if outcomes.count == items.count && end.isCleanExit { break }
            // Interrupted with this process (Ctrl-C): no check crashed, and none is blamed.
            LiveChildren.parkIfInterrupted(by: end.signal)
            // The child ended early: the item it was running (or, if it started none, the next
            // one, so that every child consumes at least one item) gets the blame.
            let blamed = running ?? outcomes.count
            guard blamed < items.count else { break }
            let outcome = ended(items[blamed], of: recipe, by: end, watched: watch)
            outcomes.append(outcome)
            progress(outcome)
        }
        return outcomes
    }

    /// The CRASH (or, for a child that stopped answering, STALE) of the item running when the
    /// child ended.
    private func ended(
        _ item: ConformChildProtocol.Item, of recipe: any QueueRecipe, by end: ChildEnd, watched watch: ChildCheckWatch?
    ) -> CheckOutcome {
        let silent = "the process said nothing for \(Self.launchBound) before starting the check, and was killed"
        var outcome = CheckOutcome(
            checkID: item.check.id, implementation: recipe.label, verdict: end.timedOut ? .stale : .crash,
            summary: end.timedOut
                ? watch?.staleSummary() ?? silent
                : "the process running the check died: \(end.description)",
            evidence: [.standardError(excerpt: end.standardErrorExcerpt)],
            seed: item.seed, level: level.rawValue)
        outcome.policy = recipe.policy?.specification
        outcome.seconds = watch?.seconds() ?? 0
        return outcome
    }

    private func childCommand(_ recipe: any QueueRecipe, skip: Int) -> ChildCommand {
        // The label without its policy (`lock` of `lock[aging(step=2ms)]`): the implementation's name.
        let name = String(recipe.label.prefix { $0 != "[" })
        var arguments: [String] = [
            ConformChildProtocol.subcommand, "--impl", name, "--level",
            level.rawValue, "--check", checks.map(\.id).joined(separator: ","), "--seeds", seeds.specification,
            "--skip", "\(skip)", "--parent", "\(getpid())",
        ]
        if let policy = recipe.policy?.specification { arguments += ["--policy", policy] }
        if let timeBound { arguments += ["--time-bound", "\(timeBound)"] }
        return ChildCommand(executable: executable, arguments: arguments)
    }

    /// How long a child may take to start and say its first line, or its next one between checks.
    static let launchBound: Duration = .seconds(60)

    /// How long a child running a check may say nothing (``ChildCheckWatch``): the check's time
    /// bound, the in-process watchdog's slack past it and the shrinker's budget (the suite's own
    /// bounds, which end a stuck check STALE inside the child), twice the bound again, and a
    /// minute of margin for a loaded machine.
    func childBound(_ check: Check) -> Duration {
        let bound = timeBound.map { Duration.milliseconds(Int64($0 * 1_000)) } ?? level.timeBound
        let inProcessSlack: Duration = level == .stress ? .seconds(35 + 30) : .seconds(10 + 6)
        return bound * 3 + inProcessSlack + .seconds(60)
    }

    /// How long one check may run in all while its child reports it moving: eight silence bounds,
    /// as the suite lets one of its waits go on for eight time bounds while the queues move: a
    /// check beside many busy processes runs many times slower than alone, and only silence, not
    /// slowness, means stuck.
    func checkCap(_ check: Check) -> Duration { childBound(check) * 8 }
}
