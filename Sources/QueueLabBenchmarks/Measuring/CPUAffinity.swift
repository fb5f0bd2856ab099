import Foundation

/// How many CPUs this process may run on: the `cpus_allowed` of a sample, so a CSV says whether its
/// samples were pinned (`bench --pin`, or `taskset` by hand). Read from the kernel's
/// `Cpus_allowed_list` (Glibc's `sched_getaffinity` is not visible to Swift, and Foundation's
/// `activeProcessorCount` ignores the affinity mask).
enum CPUAffinity {
    /// Nil where `/proc/self/status` does not say.
    static func allowedCount() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed_list:") {
            let list = line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
            return CPUPinning.cpus(inList: list)?.count
        }
        return nil
    }
}
