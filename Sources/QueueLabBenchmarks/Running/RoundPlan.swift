import Foundation

/// A headline row that cannot yet detect the limit, as sequential sampling sees it between steps.
package struct RowNeed: Sendable, Equatable {
    /// The ``SampleRecord/cellKey`` of the row's cell.
    package var cell: String
    /// Pairs (rounds of base and head) measured so far.
    package var pairs: Int
    /// The change the row detects now with 80 % power; infinite when it detects none yet.
    package var detectable: Double
    /// Wall time one more pair costs: measured on the cell once it had a step, else the main run's mean.
    package var secondsPerPair: Double

    package init(cell: String, pairs: Int, detectable: Double, secondsPerPair: Double) {
        self.cell = cell
        self.pairs = pairs
        self.detectable = detectable
        self.secondsPerPair = secondsPerPair
    }
}

/// The extra pairs planned for one row, and what the row is expected to detect after them.
package struct RowAllotment: Sendable, Equatable {
    package var cell: String
    /// Pairs the row needs to see the limit, beyond those it has; nil when it detects nothing yet
    /// (no estimate until a step has been measured).
    package var needed: Int?
    /// Pairs the budget gives it (a multiple of the step).
    package var extra: Int
    /// The change it is expected to detect after `extra` more pairs; infinite when unknown.
    package var expected: Double
    /// Wall time `extra` pairs are expected to take.
    package var seconds: Double
}

/// Spends the wall-time budget of sequential sampling where it buys a row that sees the limit.
///
/// A row's detectable change shrinks about as `1/√pairs` (the spread of paired log ratios over the
/// square root of their count; at a few pairs faster, as the test's critical value shrinks too), so
/// `pairs × (detectable / limit)²` pairs see the limit. The estimate is conservative and noisy, which
/// is why sequential sampling plans again after every step from the figures measured so far.
///
/// When the budget covers every row's need, each row gets it. When it does not, rows are funded
/// whole in order of cost, cheapest first: a row given half of what it needs still cannot see the
/// limit, so the budget goes first to the rows it can finish, and what is left is shared among
/// the others in proportion to their need (it still narrows what they detect). Rows that detect
/// nothing yet get one step each, before anything else, to measure them.
package enum RoundPlan {
    /// Pairs beyond `row.pairs` that `row` needs to detect `limit`; nil when it detects nothing yet.
    package static func neededPairs(_ row: RowNeed, limit: Double) -> Int? {
        guard row.detectable.isFinite, limit > 0 else { return nil }
        guard row.detectable > limit else { return 0 }
        let ratio = row.detectable / limit
        let total = (Double(max(row.pairs, 1)) * ratio * ratio).rounded(.up)
        // Saturates at Int.max / 2, more than any budget buys: such a row is simply not funded.
        return total >= Double(Int.max / 2) ? Int.max / 2 : Int(total) - row.pairs
    }

    /// What a row detecting `detectable` after `pairs` pairs is expected to detect after `extra` more.
    package static func expected(detectable: Double, pairs: Int, extra: Int) -> Double {
        guard detectable.isFinite, pairs > 0 else { return detectable }
        return detectable * (Double(pairs) / Double(pairs + extra)).squareRoot()
    }

    /// The plan for `rows` within `seconds`, in multiples of `step` pairs; in the order to run them:
    /// the rows that detect nothing yet, then the rest by the cost of what they need, cheapest first,
    /// so that a budget running out mid-pass runs out on the rows it could not finish.
    package static func allot(_ rows: [RowNeed], limit: Double, seconds: Double, step: Int) -> [RowAllotment] {
        precondition(step > 0, "a step is at least one pair")
        // `neededPairs` saturates at Int.max / 2, so rounding up cannot overflow.
        func roundedUp(_ pairs: Int) -> Int { (max(pairs, 0) + step - 1) / step * step }
        func cost(_ pairs: Int, _ row: RowNeed) -> Double { Double(pairs) * max(row.secondsPerPair, 0) }

        var left = max(seconds, 0)
        var unmeasured: [RowAllotment] = []
        var known: [(row: RowNeed, need: Int)] = []
        for row in rows {
            if let need = neededPairs(row, limit: limit) {
                known.append((row, max(roundedUp(need), step)))
            } else {
                let extra = seconds > 0 ? step : 0
                left -= cost(extra, row)
                unmeasured.append(
                    RowAllotment(
                        cell: row.cell, needed: nil, extra: extra, expected: .infinity, seconds: cost(extra, row)))
            }
        }
        known.sort { cost($0.need, $0.row) < cost($1.need, $1.row) }

        var funded: [RowAllotment] = []
        var unfunded: [(row: RowNeed, need: Int)] = []
        for (row, need) in known {
            if cost(need, row) <= left {
                left -= cost(need, row)
                funded.append(allotment(row, needed: need, extra: need))
            } else {
                unfunded.append((row, need))
            }
        }
        let totalNeed = unfunded.reduce(0.0) { $0 + cost($1.need, $1.row) }
        let shared = unfunded.map { row, need -> RowAllotment in
            let share = totalNeed > 0 ? max(left, 0) * cost(need, row) / totalNeed : 0
            let pairs = row.secondsPerPair > 0 ? Int(min(share / row.secondsPerPair, Double(need))) : need
            return allotment(row, needed: need, extra: pairs / step * step)
        }
        var plan = unmeasured + funded + shared
        // Time left that buys less than a step of any row still buys one step of the cheapest: the
        // budget bounds when steps start (a step started finishes), and a cost is an estimate.
        if seconds > 0, !plan.contains(where: { $0.extra > 0 }),
            let cheapest = unfunded.min(by: { $0.row.secondsPerPair < $1.row.secondsPerPair }),
            let index = plan.firstIndex(where: { $0.cell == cheapest.row.cell })
        {
            plan[index] = allotment(cheapest.row, needed: cheapest.need, extra: step)
        }
        return plan
    }

    private static func allotment(_ row: RowNeed, needed: Int, extra: Int) -> RowAllotment {
        RowAllotment(
            cell: row.cell, needed: needed, extra: extra,
            expected: expected(detectable: row.detectable, pairs: row.pairs, extra: extra),
            seconds: Double(extra) * max(row.secondsPerPair, 0))
    }
}
