import Foundation
import QueueLabBenchmarks

/// The one warning line a replay's recording earns before anything runs (a record cut off by a
/// crash, events the recorder dropped, dependencies left out), on standard error, once per
/// recording: the sample processes read the file again and say nothing.
enum ReplayWarning {
    static func announce(_ workloads: [Workload]) {
        var said = Set<String>()
        for workload in workloads where workload.kind == .replay {
            guard let spec = try? ReplaySpec(workload), let warning = spec.warning, said.insert(spec.path).inserted
            else { continue }
            FileHandle.standardError.write(Data("warning: replay of \(spec.path): \(warning)\n".utf8))
        }
    }
}
