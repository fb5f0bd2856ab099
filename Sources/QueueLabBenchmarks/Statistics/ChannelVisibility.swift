/// What each measuring channel can see, said under the table where a verdict is read: a SAME from
/// the instruction channel says nothing about time spent waiting, and a reader must not take it
/// for "no slower".
enum ChannelVisibility {
    static let instructionColumn = "instructions_per_op"
    static let cpuColumn = "cpu_ns_per_op"

    /// One line per channel present in `rows`.
    static func lines(for rows: [ComparisonRow]) -> [String] {
        var lines: [String] = []
        if rows.contains(where: { $0.figure.column == instructionColumn }) {
            lines.append(
                "Instruction channel (instructions_per_op): it judges instructions executed and cannot see time "
                    + "spent waiting on a clock, a lock or the kernel (a 2 us clock spin per add reads SAME here); "
                    + "the wall channel can.")
        }
        if rows.contains(where: { $0.figure.column != instructionColumn }) {
            lines.append(
                "Wall channel (times, rates, latencies): it sees every cost, waiting included, but only down to "
                    + "each row's printed detectable change; smaller changes pass unseen.")
        }
        if rows.contains(where: { $0.figure.column == cpuColumn }) {
            lines.append(
                "CPU time (cpu_ns_per_op): steadier than wall time on a busy machine, but it cannot see time "
                    + "spent blocked on a lock, a clock or the kernel; a SAME there says nothing about waiting.")
        }
        return lines
    }
}
