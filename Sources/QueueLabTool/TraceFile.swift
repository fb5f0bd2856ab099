import Foundation
import QueueLabBenchmarks

/// Reading a `trace --format transitions` file for `explain --trace` and `report --explain`: bad input
/// ends the command with exit 2 and one line saying what to do instead.
enum TraceFile {
    static func read(_ path: String) -> RecordedRun {
        guard let data = FileManager.default.contents(atPath: path) else {
            exitBadInput("cannot read \(path): no such file or not readable")
        }
        let rerecord = "re-record it with \(ToolName.current) trace --format transitions --out FILE"
        if data.first == UInt8(ascii: "{") {
            exitBadInput("\(path) is a Chrome trace, which has no queue widths or body stamps to explain; \(rerecord)")
        }
        do {
            let run = try RecordedRun.readTransitions(from: data)
            guard !run.transitions.isEmpty else { exitBadInput("\(path) records no transitions; \(rerecord)") }
            return run
        } catch {
            exitBadInput("\(path) is not a recorded run (\(error)); \(rerecord)")
        }
    }
}
