/// How many CPUs this process may run on: the `cpus_allowed` of a sample, so a CSV says whether its
/// samples were pinned (`bench --pin`, or `taskset` by hand).
enum CPUAffinity {
    /// Nil where the kernel's list of allowed CPUs cannot be read (``LinuxOnly/allowedCPUList()``).
    static func allowedCount() -> Int? {
        LinuxOnly.allowedCPUList().flatMap { CPUPinning.cpus(inList: $0)?.count }
    }
}
