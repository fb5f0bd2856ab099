import Foundation
import QueueLabConformance
import QueueLabCore

/// `conform`'s progress on standard error (text format only): every outcome of a single-seed run;
/// in a campaign of seeds, every outcome that is not PASS and a count every 100.
final class ConformProgress: Sendable {
    private let enabled: Bool
    private let total: Int
    private let campaign: Bool
    private let done = Locked<Int>(0)

    init(enabled: Bool, total: Int, campaign: Bool) {
        self.enabled = enabled
        self.total = total
        self.campaign = campaign
    }

    func report(_ outcome: CheckOutcome) {
        guard enabled else { return }
        let count = done.withLock {
            $0 += 1
            return $0
        }
        let seed = campaign ? " seed \(outcome.seed)" : ""
        let line =
            "\(outcome.implementation) \(outcome.checkID)\(seed): \(outcome.verdict) (\(String(format: "%.2f", outcome.seconds)) s)\n"
        if !campaign || outcome.verdict != .pass {
            FileHandle.standardError.write(Data(line.utf8))
        } else if count.isMultiple(of: 100) {
            FileHandle.standardError.write(Data("\(count) of \(total) outcomes\n".utf8))
        }
    }
}
