import QueueLabRecorder
import QueueLabScheduling

extension SimulationRun {
    /// A recording's suspension, resumption or change of width, made on the queue's machine as the
    /// replayed queue makes it; the work it lets start wakes workers as an add does.
    mutating func changeQueue(_ change: RecordedQueueChange) {
        let host = hosts[change.queue]
        switch change.kind {
        case .suspended(let suspended): host.wakeups += host.machine.setSuspended(suspended)
        // -1 is the queue's default: the width the host was made with.
        case .width(let width): host.wakeups += host.machine.setMaxConcurrentOperationCount(width)
        }
        carryOutWakeups()
    }
}
