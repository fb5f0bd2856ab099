import Foundation

/// Where a queue stops keeping up with an `open` sweep: the highest offered rate at which achieved
/// throughput stays within 2 % of offered and the p99 wait (intended arrival to start) stays under
/// ``waitLimit(for:)``, walking up from the lowest rate and stopping at the first
/// rate that fails (a noisy pass above a failure does not count).
package enum SaturationPoint {
    package static let allowedShortfall = 0.02
    /// The p99 wait allowed, in mean body times or in mean residual body times, whichever is
    /// longer: M/M/1 (where both are the mean) reaches it near utilisation 0.8. The residual
    /// (``ServiceDistribution/meanResidualNanoseconds``) is what a heavy tail adds to every wait:
    /// against the mean alone, 1 % of 500 us bodies among 5 us ones put the p99 wait over the limit
    /// at any rate, and no sweep found a saturation point.
    package static let waitMultiple = 20.0
    /// ...but never below this: waking an idle queue's worker alone takes tens of microseconds
    /// here, so tiny bodies would otherwise saturate at any rate.
    package static let waitFloorNanoseconds = 200_000.0

    package static func waitLimit(for service: ServiceDistribution?) -> Double {
        let scale = Swift.max(service?.meanNanoseconds ?? 0, service?.meanResidualNanoseconds ?? 0)
        return Swift.max(waitMultiple * scale, waitFloorNanoseconds)
    }

    /// One sweep of one implementation: the cells that differ only in `rate`.
    package struct Sweep: Sendable {
        package let variant: String
        package let implementation: String
        /// The parameters without `rate`.
        package let parameters: String
        /// Rate -> the samples at that rate.
        package let samples: [Int: [SampleRecord]]

        package var rates: [Int] { samples.keys.sorted() }

        /// The limit on the p99 wait, from the nominal distribution of the `service` parameter.
        package var waitLimitNanoseconds: Double {
            let service = SampleRecord.parameterText("service", in: parameters).flatMap {
                try? ServiceDistribution(parsing: $0)
            }
            return waitLimit(for: service)
        }

        /// Does a rate's figure set (one sample's, or medians) keep up? A sample whose generator was
        /// late has no wait figure: it cannot show the queue kept up, so it does not.
        func keepsUp(offered: Double?, achieved: Double?, waitP99: Double?) -> Bool {
            guard let offered, let achieved, let waitP99 else { return false }
            return achieved >= (1 - allowedShortfall) * offered && waitP99 <= waitLimitNanoseconds
        }

        /// Highest rate kept before the first that is not; nil when the lowest already fails.
        static func highestKept(_ rates: [Int], _ kept: (Int) -> Bool) -> Int? {
            var best: Int?
            for rate in rates {
                guard kept(rate) else { break }
                best = rate
            }
            return best
        }

        /// From the medians over samples at each rate: what the summary and the report state.
        package var medianSaturation: Int? {
            Self.highestKept(rates) { rate in
                let records = samples[rate]!
                func median(_ column: String) -> Double? {
                    let values = records.compactMap { $0.figures[column] }
                    // A wait median needs most samples to have one (late generators have none).
                    return values.count * 2 > records.count ? Median.of(values) : nil
                }
                return keepsUp(
                    offered: median("offered_ops_per_s"), achieved: median("ops_per_s"), waitP99: median("a2s_p99_ns"))
            }
        }

        /// Per round, from that round's sample at each rate: the values `compare` tests.
        package func saturation(inRound round: Int) -> Int? {
            Self.highestKept(rates) { rate in
                guard let record = samples[rate]!.first(where: { $0.round == round }) else { return false }
                return keepsUp(
                    offered: record.figures["offered_ops_per_s"], achieved: record.figures["ops_per_s"],
                    waitP99: record.figures["a2s_p99_ns"])
            }
        }
    }

    /// The sweeps in `records`: `open` cells of two or more rates with the same other parameters.
    package static func sweeps(in records: [SampleRecord]) -> [Sweep] {
        let open = records.filter { $0.workload == WorkloadKind.open.rawValue && rate(of: $0.parameters) != nil }
        let groups = Dictionary(grouping: open) { "\($0.variant) \($0.implementation) \(withoutRate($0.parameters))" }
        return groups.values.compactMap { group in
            let samples = Dictionary(grouping: group) { rate(of: $0.parameters)! }
            guard samples.count >= 2 else { return nil }
            let first = group[0]
            return Sweep(
                variant: first.variant, implementation: first.implementation,
                parameters: withoutRate(first.parameters), samples: samples)
        }.sorted { ($0.parameters, $0.implementation, $0.variant) < ($1.parameters, $1.implementation, $1.variant) }
    }

    /// One row per sweep and round with `saturation_ops_per_s` (and no other figure), its `params`
    /// the sweep's with `rate=R1+R2+...`: appended to a run's CSV so `compare` judges saturation like
    /// throughput. A round whose lowest rate already failed gets no row (there is no rate to state).
    package static func rows(for records: [SampleRecord]) -> [SampleRecord] {
        sweeps(in: records).flatMap { sweep -> [SampleRecord] in
            let all = sweep.samples.values.flatMap { $0 }
            let rounds = Set(all.map(\.round)).sorted()
            let parameters = sweepParameters(sweep)
            return rounds.compactMap { round in
                guard let saturation = sweep.saturation(inRound: round) else { return nil }
                let template = all.filter { $0.round == round }.max { $0.timestamp < $1.timestamp }!
                var row = template
                row.parameters = parameters
                row.figures = FigureValues(["saturation_ops_per_s": Double(saturation)])
                return row
            }
        }
    }

    static func sweepParameters(_ sweep: Sweep) -> String {
        let rateText = "rate=" + sweep.rates.map(String.init).joined(separator: "+")
        return (sweep.parameters.split(separator: ";").map(String.init) + [rateText]).sorted().joined(separator: ";")
    }

    static func rate(of parameters: String) -> Int? {
        SampleRecord.parameterText("rate", in: parameters).flatMap { Int($0) }
    }

    static func withoutRate(_ parameters: String) -> String {
        parameters.split(separator: ";").filter { !$0.hasPrefix("rate=") }.joined(separator: ";")
    }
}
