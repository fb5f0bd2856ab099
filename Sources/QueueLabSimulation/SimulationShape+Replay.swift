import QueueLabBenchmarks
import QueueLabCore
import QueueLabRecorder

/// A recording (`queuelab-recording/2`, see QueueLabRecorder) as the simulator runs it, as
/// `bench --workload replay` replays it: each operation added at its recorded time from the first
/// add (divided by `speed`) to its recorded queue, waiting for its recorded dependencies, cancelled
/// at its recorded time after the add, its body its recorded duration; each queue suspended and
/// resumed when it was (a change before the first add: at 0).
///
/// Width: a queue recorded at its default width (`-1`) takes the cell's, and the widths the app
/// set on it later are left out, so that `--width` sweeps it; a queue recorded at a width of its
/// own keeps it and every change of it.
extension SimulationShape {
    /// - Throws: `WorkloadParseError` for `body=sleep`: a simulated body holds its core, which a
    ///   sleeping one does not, so the simulation would be of another workload.
    init(replay spec: ReplaySpec) throws(WorkloadParseError) {
        guard spec.body == .spin else {
            throw WorkloadParseError(
                message: "workload replay: body=\(spec.body.rawValue) cannot be simulated: a simulated body holds "
                    + "its core while it runs, a sleeping one does not; use body=spin")
        }
        let recorded = spec.recording.operations
        let firstAdd = recorded.first?.added ?? 0
        func scaled(_ nanoseconds: UInt64) -> UInt64 { UInt64((Double(nanoseconds) / spec.speed).rounded()) }
        var position: [UInt64: Int] = [:]
        for (index, operation) in recorded.enumerated() { position[operation.id] = index }
        // The recording keeps only dependencies it holds (a cut-off one's are dropped when read).
        let edges = recorded.enumerated().flatMap { index, operation in
            operation.dependencies.compactMap { position[$0].map { (index, $0) } }
        }
        self.init(
            durations: recorded.map { scaled($0.work) }, priorities: recorded.map(\.priority),
            arrivals: recorded.map { scaled($0.added &- firstAdd) }, edges: edges)
        queues = recorded.map(\.queue)
        queueWidths = spec.recording.queues.map(\.width)
        if recorded.contains(where: { $0.cancelledAfter != nil }) {
            cancelAfter = recorded.map { $0.cancelledAfter.map(scaled) }
        }
        let swept = Set(queueWidths.indices.filter { queueWidths[$0] < 1 })
        queueChanges = spec.recording.changes.compactMap { change in
            if case .width = change.kind, swept.contains(change.queue) { return nil }
            var simulated = change
            simulated.at = scaled(Swift.max(change.at, firstAdd) &- firstAdd)
            return simulated
        }
    }
}
