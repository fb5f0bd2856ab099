import Foundation
import QueueLabBenchmarks

/// The one warning line a replay's recording earns before anything runs (a record cut off by a
/// crash, events the recorder dropped, dependencies left out), on standard error, once per
/// recording: the sample processes read the file again and say nothing.
enum ReplayWarning {
    static func announce(_ workloads: [Workload]) { say(lines(workloads)) }

    static func say(_ lines: [String]) {
        for line in lines { FileHandle.standardError.write(Data("\(line)\n".utf8)) }
    }

    /// The warning lines of `workloads`' recordings, one per recording that earns one.
    static func lines(_ workloads: [Workload]) -> [String] {
        var said = Set<String>()
        return workloads.compactMap { workload in
            guard workload.kind == .replay, let spec = try? ReplaySpec(workload), let warning = spec.warning,
                said.insert(spec.path).inserted
            else { return nil }
            return "warning: replay of \(spec.path): \(warning)"
        }
    }
}
