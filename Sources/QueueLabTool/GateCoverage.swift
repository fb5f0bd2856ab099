import QueueLabBenchmarks

/// Which channel saw each headline row, and whether the gate may pass a row the wall channel could
/// not see at the floor. A row counts as covered when the wall channel sees the floor, or when the
/// instruction channel sees its own floor for every hand-off workload of the row's implementation
/// (the add, start, finish and dependency paths every headline workload runs) and the wall channel
/// still sees the waiting floor: instructions see CPU work whatever the runner's load, only the
/// wall channel sees waiting, and it must see a stated amount of it. The gate fails closed only
/// on rows that are not covered.
struct GateCoverage {
    enum Sight: Equatable {
        /// The wall channel could detect `detectable` (at most the floor).
        case wall(detectable: Double)
        /// Below the floor on the wall channel, but instructions saw theirs and the wall channel
        /// saw `detectable`, within the waiting floor.
        case covered(wall: Double, instructions: Double)
        /// Neither: the wall channel could detect only `detectable` (nil: nothing).
        case blind(wall: Double?, why: String)
    }

    struct Row: Equatable {
        let queue: String
        let implementation: String
        let workload: String
        let parameters: String
        let sight: Sight

        var label: String { parameters.isEmpty ? "\(queue) \(workload)" : "\(queue) \(workload) \(parameters)" }
    }

    let rows: [Row]

    /// - Parameters:
    ///   - wall: the wall channel's comparison; its headline rows are judged.
    ///   - instructions: the instruction channel's, or nil when it did not run.
    ///   - floor: the change every headline row must see (the wall channel's requirement).
    ///   - instructionFloor: what the instruction channel must see (compare's 2 %).
    ///   - waitingFloor: what the wall channel must still see of a covered row.
    init(
        wall: ComparisonDocument, instructions: ComparisonDocument?, floor: Double, instructionFloor: Double,
        waitingFloor: Double
    ) {
        // Per queue (implementation and policy): the detectable changes of its counted rows.
        var counted: [String: [Double?]] = [:]
        for row in instructions?.rows ?? [] where row.figure == "instructions_per_op" {
            counted[row.queue, default: []].append(row.detectable)
        }
        rows = wall.rows.filter(\.headline).map { row in
            let sight: Sight
            if let detectable = row.detectable, detectable <= floor {
                sight = .wall(detectable: detectable)
            } else if instructions == nil {
                sight = .blind(wall: row.detectable, why: "the instruction channel did not run")
            } else if let seen = counted[row.queue] {
                // The worst of them; a row that could detect nothing makes the whole queue unseen.
                let instructions = seen.contains { $0 == nil } ? nil : seen.compactMap { $0 }.max()
                if let instructions, instructions <= instructionFloor,
                    let detectable = row.detectable, detectable <= waitingFloor
                {
                    sight = .covered(wall: detectable, instructions: instructions)
                } else if let instructions, instructions <= instructionFloor {
                    sight = .blind(wall: row.detectable, why: "the wall channel cannot see the waiting floor")
                } else {
                    sight = .blind(
                        wall: row.detectable,
                        why: "its instructions could detect only \(instructions.map(Percent.format) ?? "nothing")")
                }
            } else {
                sight = .blind(wall: row.detectable, why: "the instruction channel does not count \(row.queue)")
            }
            return Row(
                queue: row.queue, implementation: row.implementation, workload: row.workload,
                parameters: row.parameters, sight: sight)
        }
    }

    var blind: [Row] { rows.filter { if case .blind = $0.sight { true } else { false } } }
    var covered: [Row] { rows.filter { if case .covered = $0.sight { true } else { false } } }

    /// One line per row below the floor on the wall channel: what saw it, or why nothing did.
    var lines: [String] {
        rows.compactMap { row in
            switch row.sight {
            case .wall: nil
            case .covered(let wall, let instructions):
                "\(row.label): covered: instructions see \(Percent.format(instructions)), wall time \(Percent.format(wall)) (waiting)"
            case .blind(let wall, let why):
                "\(row.label): not covered: wall time sees \(wall.map(Percent.format) ?? "nothing"); \(why)"
            }
        }
    }
}
