import Foundation
import QueueLabBenchmarks
import QueueLabInvestigation
import QueueLabRecorder

/// Reading a `trace --format transitions` file for `explain --trace` and `report --explain`: bad input
/// ends the command with exit 2 and one line saying what to do instead.
enum TraceFile {
    static func read(_ path: String) -> RecordedRun {
        let rerecordFirst = "re-record it with \(ToolName.current) trace --format transitions --out FILE"
        // The first bytes tell the format: a file of another (zeros of a device, a CSV) is
        // refused now, not after reading up to the bound.
        switch BoundedFile.prefix(of: path, count: 64) {
        case .failure(let error): exitBadInput("\(path): \(error)")
        case .success(let head):
            let known = ["queuelab-transitions/", String(RecordingFormat.schema.prefix { $0 != "/" }), "{"]
            if !known.contains(where: { head.starts(with: $0.utf8) }) {
                exitBadInput(
                    "\(path) is not a recorded run (it does not begin with queuelab-transitions/); \(rerecordFirst)")
            }
        }
        let data: Data
        switch BoundedFile.contents(of: path, limit: RecordedRun.largestTransitionsFile) {
        case .success(let bytes): data = bytes
        case .failure(let error): exitBadInput("\(path): \(error)")
        }
        let rerecord = "re-record it with \(ToolName.current) trace --format transitions --out FILE"
        // A recording holds what an app's queue did, not what a queue here did with it: explain
        // a replay of it, on the implementation and policy to be explained.
        if data.starts(with: Array(RecordingFormat.schema.prefix(while: { $0 != "/" }).utf8)) {
            exitBadInput(
                "\(path) is a recording (what your queue did); explain a replay of it: \(ToolName.current) "
                    + "explain --impl lock --workload 'replay:file=\(path)' (any --impl, --policy)")
        }
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
