import Foundation

/// What a journal's samples were planned as, written as the journal's first line: `--resume` takes
/// samples only from a journal of the same plan. Without it a journal of `noop` samples resumed by
/// a `chain` run was merged into its CSV, and pinned and unpinned samples mixed in one cell.
package struct JournalPlan: Equatable, Sendable {
    /// The plan's settings that change what a sample measures, by name.
    package private(set) var entries: [String: String]

    static let linePrefix = "#queuelab-journal-plan "

    /// How each entry is named to the user, in the order differences are reported.
    static let names: [(key: String, name: String)] = [
        ("variants", "the binaries (--variant, or this executable: path, size, modification time)"),
        ("implementations", "--impl"), ("policies", "--policy"), ("workloads", "--workload"),
        ("samples", "--samples"), ("warmup", "--warmup"), ("pinning", "--pin"), ("seed", "--seed"),
        ("allocator", "--allocator"), ("order", "--order"), ("repetitions", "--repetitions"),
        ("latency_every", "--latency-every"), ("instructions", "--instructions"), ("uncapped", "--uncapped"),
    ]

    package init(_ plan: BenchmarkPlan) {
        entries = [
            "variants": plan.variants.map(Self.describe).joined(separator: " | "),
            "implementations": plan.implementations.map(\.name).joined(separator: ","),
            "policies": plan.policies.joined(separator: " | "),
            "workloads": plan.workloads.map(\.description).joined(separator: " | "),
            "samples": String(plan.samples), "warmup": String(plan.warmupRounds),
            "pinning": plan.pinning?.cpuList ?? "off", "seed": String(plan.seed),
            "allocator": plan.allocator.rawValue, "order": plan.order.rawValue,
            "repetitions": String(plan.repetitions), "latency_every": String(plan.latencyEvery),
            "instructions": plan.callgrind == nil ? "off" : "on", "uncapped": plan.capFoundation ? "no" : "yes",
        ]
    }

    init(entries: [String: String]) { self.entries = entries }

    /// The seed the plan was written with.
    package var seed: UInt64? { entries["seed"].flatMap { UInt64($0) } }

    /// A binary as its path and what changes when it is rebuilt; its environment too.
    static func describe(_ variant: BenchmarkVariant) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: variant.executable)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let environment = variant.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(variant.name)=\(variant.executable) \(size) \(modified) [\(environment.joined(separator: ";"))]"
    }

    /// The journal's first line (without its line break).
    var line: String {
        let data = (try? JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys])) ?? Data()
        return Self.linePrefix + String(decoding: data, as: UTF8.self)
    }

    /// The plan a journal's first line records, or nil when the line is none.
    static func parse(line: Substring) -> JournalPlan? {
        guard line.hasPrefix(linePrefix),
            let object = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(linePrefix.count).utf8)),
            let entries = object as? [String: String]
        else { return nil }
        return JournalPlan(entries: entries)
    }

    /// The first setting that differs from `other`'s (the journal's), said as "--samples is 6 in the
    /// journal, 3 here", or nil when none does. The seed is left out when `ignoringSeed` (a command
    /// without --seed continues with the journal's).
    package func difference(fromJournal other: JournalPlan, ignoringSeed: Bool) -> String? {
        for (key, name) in Self.names where !(ignoringSeed && key == "seed") {
            let mine = entries[key] ?? "(none)"
            let theirs = other.entries[key] ?? "(none)"
            if mine != theirs {
                return "\(name) is \(Self.shown(theirs)) in the journal, \(Self.shown(mine)) here"
            }
        }
        return nil
    }

    private static func shown(_ value: String) -> String {
        value.isEmpty ? "(none)" : value.count > 160 ? "'\(value.prefix(157))...'" : "'\(value)'"
    }
}
