import Foundation
import QueueLabBenchmarks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder both sides of a gate are built in, one after the other, so that only the first
/// build of a gate starts from nothing and the second rebuilds just the modules the change touched.
///
/// SwiftPM's build products name absolute source paths, so a build in one folder cannot seed a
/// build in another (a copied `.build` fails on its precompiled modules' paths, and would rebuild
/// everything anyway). The gate therefore builds base and head at one path: the tree's `sources`,
/// with its products in `products`, outside the sources.
///
/// Not a `git worktree`: the repository's objects are read into `sources` through an index of the
/// tree's own (`git read-tree -u --reset`), which rewrites only the files that differ from what
/// the folder holds. Unchanged files keep their modification times, which is what lets the second
/// build be incremental; and the user's repository gets no worktree entry, no branch and no change
/// to its own index.
///
/// Kept in the gate's cache (one tree per repository path) it also makes the next gate's builds
/// incremental. One gate at a time uses a tree: `claim` takes a lock that the process holds until
/// it ends (a killed gate frees it with its descriptors).
struct GateBuildTree {
    /// The folder the sources are read into and built in.
    let sources: String
    /// Its `--scratch-path`.
    let products: String
    let folder: String
    private let index: String
    private let git: String
    private let gitDirectory: String

    /// Takes the tree in `folder` for this process, making the folder if needed; nil when another
    /// gate holds it or the folder cannot be made.
    static func claim(folder: String, gitDirectory: String, git: String) -> GateBuildTree? {
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil
        else { return nil }
        // Close-on-exec: a build this gate starts must not inherit, and so outlive it with, the lock.
        let descriptor = open("\(folder)/lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        // Held, on purpose, until the process ends.
        let tree = GateBuildTree(folder: folder, gitDirectory: gitDirectory, git: git)
        // A gate killed inside git leaves git's own lock beside the index: with the tree's lock
        // held, no git of another gate can be at work on it.
        try? FileManager.default.removeItem(atPath: tree.index + ".lock")
        return tree
    }

    private init(folder: String, gitDirectory: String, git: String) {
        self.folder = folder
        self.sources = "\(folder)/sources"
        self.products = "\(folder)/products"
        self.index = "\(folder)/index"
        self.git = git
        self.gitDirectory = gitDirectory
    }

    /// Whether the tree holds a build (so the next one can be incremental).
    var hasBuilt: Bool { FileManager.default.fileExists(atPath: products) }

    /// Makes `sources` hold exactly `treeish` (a commit or a tree of the repository): files that
    /// differ are rewritten, files it lacks removed, the rest left untouched.
    func checkOut(_ treeish: String) throws(GateFailure) {
        try? FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        if readTree(treeish) { return }
        // A damaged index (a gate killed at the wrong moment): start the sources again; the
        // products stay, and SwiftPM rebuilds what the rewritten files touch.
        try? FileManager.default.removeItem(atPath: index)
        try? FileManager.default.removeItem(atPath: sources)
        try? FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        guard readTree(treeish) else {
            throw GateFailure(status: .buildFailed, description: "could not check out \(treeish) in \(sources)")
        }
    }

    private func readTree(_ treeish: String) -> Bool {
        let environment = ["GIT_INDEX_FILE": index]
        let prefix = ["--git-dir=\(gitDirectory)", "--work-tree=\(sources)"]
        // Files whose recorded state is stale but whose bytes are the same (a tree restored from a
        // CI cache has new inodes) are re-recorded first: read-tree would rewrite them, and a
        // rewritten file is rebuilt. The status says whether anything differs: not a failure.
        _ = GateBuilds.capture(git, prefix + ["update-index", "-q", "--refresh"], environment: environment)
        return GateBuilds.capture(git, prefix + ["read-tree", "-u", "--reset", treeish], environment: environment)
            != nil
            && GateBuilds.capture(git, prefix + ["clean", "-f", "-d", "-q"], environment: environment) != nil
    }

    /// Copies `file` into the sources at `name` unless it is already there with the same bytes
    /// (a rewritten Package.resolved would make SwiftPM resolve again).
    func place(_ file: String, as name: String) {
        let target = "\(sources)/\(name)"
        guard let bytes = FileManager.default.contents(atPath: file) else { return }
        if FileManager.default.contents(atPath: target) == bytes { return }
        try? FileManager.default.removeItem(atPath: target)
        try? bytes.write(to: URL(fileURLWithPath: target))
    }
}
