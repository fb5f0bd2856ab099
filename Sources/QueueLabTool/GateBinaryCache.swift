import Foundation
import QueueLabBenchmarks

/// Executables the gate built, by the git tree they were built from (not the commit: a head
/// built from a clean checkout of commit C is the base of every later gate against C), the
/// dependency resolution and the toolchain. The most recently used ``capacity`` are kept.
struct GateBinaryCache {
    /// About 20 to 40 MB an executable: a few hundred MB at most.
    static let capacity = 12

    let folder: String
    /// The resolution's and toolchain's half of every key.
    let resolutionKey: String

    /// The cached executable built from `tree`, if any (marked as just used).
    func lookUp(tree: String, product: String) -> String? {
        let path = "\(folder)/\(tree)-\(resolutionKey)/\(product)"
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        touch(PathText.folder(of: path))
        return path
    }

    /// Copies `built` into the cache and returns the copy, or nil when that failed (the caller
    /// then keeps a copy of its own: `built` is overwritten by the tree's next build).
    func store(_ built: String, tree: String, product: String) -> String? {
        let entry = "\(folder)/\(tree)-\(resolutionKey)"
        let cached = "\(entry)/\(product)"
        do {
            try FileManager.default.createDirectory(atPath: entry, withIntermediateDirectories: true)
            // Copied under a temporary name, then renamed: a gate running beside this one never
            // sees half a file.
            let partial = "\(cached).partial.\(getpid())"
            try? FileManager.default.removeItem(atPath: partial)
            try FileManager.default.copyItem(atPath: built, toPath: partial)
            guard rename(partial, cached) == 0 else {
                try? FileManager.default.removeItem(atPath: partial)
                return nil
            }
        } catch {
            gateProgress("warning: could not cache \(built) in \(entry) (\(error.localizedDescription))")
            return nil
        }
        touch(entry)
        prune(keeping: entry)
        return cached
    }

    /// Removes the least recently used entries beyond ``capacity`` (never `entry`, just stored).
    private func prune(keeping entry: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let entries = names.filter(Self.isEntryName).map { "\(folder)/\($0)" }.filter { $0 != entry }
        guard entries.count >= Self.capacity else { return }
        let byUse = entries.sorted { modified($0) > modified($1) }
        for stale in byUse.dropFirst(Self.capacity - 1) {
            try? FileManager.default.removeItem(atPath: stale)
        }
    }

    /// `<40 hex digits>-<key>`: an executable's folder (the build trees' folder is not one).
    static func isEntryName(_ name: String) -> Bool {
        let parts = name.split(separator: "-", maxSplits: 1)
        return parts.count == 2 && parts[0].count == 40 && parts[0].allSatisfy(\.isHexDigit)
    }

    private func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }

    private func touch(_ path: String) {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
    }
}
