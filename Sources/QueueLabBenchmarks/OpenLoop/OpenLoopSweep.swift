import Foundation

/// `open:rate=sweep;...`: the same `open` workload at increasing offered rates, one cell per rate.
///
/// `rate=sweep` picks 8 rates from 10 % to 100 % of the nominal capacity (width / mean service;
/// the queue's own overhead makes it saturate earlier); `rate=LOW..HIGH/STEPS` spaces STEPS rates
/// geometrically; `rate=R1+R2+R3` lists them.
package enum OpenLoopSweep {
    static let defaultUtilisations = [0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 1.0]

    /// The workloads `text` names: several for an `open` sweep, else the one `Workload(parsing:)` gives.
    package static func workloads(
        parsing text: String, cores: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws(WorkloadParseError) -> [Workload] {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] == WorkloadKind.open.rawValue else { return [try Workload(parsing: text)] }
        let pieces = Workload.parameterPieces(parts[1])
        guard let rateIndex = pieces.firstIndex(where: { $0.hasPrefix("rate=") }) else {
            return [try Workload(parsing: text)]
        }
        let rateText = String(pieces[rateIndex].dropFirst("rate=".count))
        if Int(rateText) != nil { return [try Workload(parsing: text)] }
        var others = pieces
        others.remove(at: rateIndex)
        func with(_ rate: Int) -> String { "open:" + (others + ["rate=\(rate)"]).joined(separator: ";") }
        let rates: [Int]
        if rateText == "sweep" {
            // The other parameters, parsed once at a valid rate, give the capacity to sweep up to.
            let probe = try OpenLoopSpec(try Workload(parsing: with(1_000)))
            let servers = probe.width == -1 ? cores : probe.width
            let mean = probe.service.meanNanoseconds
            let capacity = mean > 0 ? Double(servers) * 1e9 / mean : Double(OpenLoopSpec.highestRate)
            rates = defaultUtilisations.map { roundedRate($0 * capacity) }
        } else if let range = try geometric(rateText) {
            rates = range
        } else {
            let listed = rateText.split(separator: "+", omittingEmptySubsequences: false).compactMap { Int($0) }
            guard listed.count >= 2, listed.count == rateText.split(separator: "+").count,
                listed.allSatisfy({ (1...OpenLoopSpec.highestRate).contains($0) })
            else { throw badRate(rateText) }
            rates = listed
        }
        var seen = Set<Int>()
        return try rates.filter { seen.insert($0).inserted }.sorted().map { rate throws(WorkloadParseError) in
            try Workload(parsing: with(rate))
        }
    }

    static func badRate(_ text: String) -> WorkloadParseError {
        WorkloadParseError(message: "workload open: rate=\(text) is not a rate; valid: \(OpenLoopSpec.rateForms)")
    }

    /// `LOW..HIGH/STEPS`, or nil when `text` has no `..`.
    static func geometric(_ text: String) throws(WorkloadParseError) -> [Int]? {
        guard text.contains("..") else { return nil }
        let bounds = text.components(separatedBy: "..")
        let upper = bounds.count == 2 ? bounds[1].split(separator: "/").map { Int($0) } : []
        guard bounds.count == 2, let low = Int(bounds[0]), upper.count == 2, let high = upper[0],
            let steps = upper[1], low >= 1, high > low, (2...30).contains(steps)
        else { throw badRate(text) }
        return (0..<steps).map { step in
            roundedRate(Double(low) * pow(Double(high) / Double(low), Double(step) / Double(steps - 1)))
        }
    }

    /// Two significant digits (35,000, not 34,817): rates a reader can type back.
    static func roundedRate(_ value: Double) -> Int {
        guard value >= 1 else { return 1 }
        let magnitude = pow(10, floor(log10(value)) - 1)
        return Swift.min(OpenLoopSpec.highestRate, Swift.max(1, Int((value / magnitude).rounded() * magnitude)))
    }
}
