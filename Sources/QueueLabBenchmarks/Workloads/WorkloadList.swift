/// Several workloads in one command-line value, comma-separated, as every list option takes them
/// (`--workload noop,chain:n=1000` is `--workload noop --workload chain:n=1000`).
///
/// A workload's own text holds commas too: parameters may be comma-separated
/// (`noop:n=1000,width=1`) and an `open` service distribution lists its arguments with them
/// (`service=bimodal:5us,500us,0.01`). So a comma starts a new workload only where the text after
/// it names a workload kind (`chain` or `chain:...`); anything else (`width=1`, `500us`) continues
/// the workload before it. No parameter or argument is spelled like a kind.
package enum WorkloadList {
    package static func split(_ text: String) -> [String] {
        var workloads: [String] = []
        for item in text.split(separator: ",") {
            let name = item.prefix { $0 != ":" && $0 != "=" }
            let startsWorkload = name.count == item.count || item[name.endIndex] == ":"
            if let last = workloads.last, !(startsWorkload && WorkloadKind(rawValue: String(name)) != nil) {
                workloads[workloads.count - 1] = last + "," + item
            } else {
                workloads.append(String(item))
            }
        }
        return workloads
    }
}
