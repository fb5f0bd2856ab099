import Foundation

/// `bench --pin 1`: every sample process, and so every thread it starts, may run only on the listed
/// CPUs. The parent starts the child through `taskset --cpu-list` (util-linux), so a gate's base
/// binary, which knows nothing of pinning, is pinned alike.
///
/// Why: on a small machine the scheduler places a sample's producer and workers on the same core or
/// on different ones from one process to the next, and the two placements run at different speeds
/// (bimodal `ping` and `noop` figures). Pinning a sample to one CPU removes that choice; pinning
/// every sample to the same CPUs also keeps it off a core a noisy neighbour was given. It changes
/// what is measured (threads share the listed CPUs), so compare only runs pinned alike: each row
/// records `cpus_allowed`.
package struct CPUPinning: Sendable, Hashable {
    /// Distinct CPU numbers, ascending.
    package let cpus: [Int]
    package let taskset: String

    /// `list` as `taskset --cpu-list` reads it (`1`, `0,1`, `0-3`), each CPU below `onlineCPUs`.
    package init(parsing list: String, onlineCPUs: Int, taskset: String) throws(PinningError) {
        guard let cpus = Self.cpus(inList: list) else { throw .malformed(list) }
        if let beyond = cpus.last, beyond >= onlineCPUs { throw .absent(cpu: beyond, online: onlineCPUs) }
        self.cpus = cpus
        self.taskset = taskset
    }

    /// The CPUs of a list in the kernel's format (`0-2,5`), ascending and distinct; nil when malformed.
    static func cpus(inList list: some StringProtocol) -> [Int]? {
        var cpus = Set<Int>()
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let low = bounds.first.flatMap({ Int($0) }), low >= 0,
                let high = bounds.count == 2 ? Int(bounds[1]) : low, high >= low, high - low < 65_536
            else { return nil }
            cpus.formUnion(low...high)
        }
        return cpus.sorted()
    }

    package var cpuList: String { cpus.map(String.init).joined(separator: ",") }

    /// `command` started by `taskset` on these CPUs.
    package func wrap(_ command: ChildCommand) -> ChildCommand {
        var wrapped = command
        wrapped.executable = taskset
        wrapped.arguments = ["--cpu-list", cpuList, command.executable] + command.arguments
        return wrapped
    }

    /// The first `taskset` on `PATH`, or nil.
    package static func findTaskset(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        ExecutableSearch.find("taskset", path: path)
    }
}

package enum PinningError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case absent(cpu: Int, online: Int)

    package var description: String {
        switch self {
        case .malformed(let list):
            "--pin wants a CPU list such as 1, 0,1 or 0-3, got '\(list)'"
        case .absent(let cpu, let online):
            "--pin names CPU \(cpu), but this machine has CPUs 0 to \(online - 1)"
        }
    }
}
