import Foundation
import QueueLabBenchmarks

/// The two executables a gate compares: base (a commit) and head (the working tree as it is),
/// each taken from the cache of builds or built in the gate's build tree, one after the other,
/// against one resolution of the dependencies. Only the first build of a tree starts from nothing
/// (``GateBuildTree``).
final class GateBuilds {
    let root: String
    let product: String
    private let swift: String
    private let git: String
    private let scratch: String
    private let gitDirectory: String
    private let cacheFolder: String?
    /// Claimed when a side must be built, not before: a gate refused for its input, or one whose
    /// sides are both cached, makes no folder.
    private var claimedTree: GateBuildTree?

    /// `directory`'s git repository; the gate's temporary files go under `scratch`; executables
    /// and the build tree are kept under `cache` (nil: a temporary tree, nothing kept).
    init(directory: String, product: String, scratch: String, cache: String?) throws(GateFailure) {
        guard let git = ExecutableSearch.find("git") else {
            throw GateFailure(status: .badInput, description: "the gate needs git on PATH")
        }
        guard let swift = ExecutableSearch.find("swift") else {
            throw GateFailure(status: .badInput, description: "the gate needs swift on PATH")
        }
        self.git = git
        self.swift = swift
        guard let root = Self.capture(git, ["-C", directory, "rev-parse", "--show-toplevel"]),
            let gitDirectory = Self.capture(git, ["-C", directory, "rev-parse", "--absolute-git-dir"])
        else {
            throw GateFailure(status: .badInput, description: "\(directory) is not inside a git repository")
        }
        self.root = root
        self.gitDirectory = gitDirectory
        self.product = product
        self.scratch = scratch
        self.cacheFolder = cache
    }

    /// The build tree kept in the cache for this repository, or a temporary one when there is no
    /// cache or another gate holds it.
    private func buildTree() throws(GateFailure) -> GateBuildTree {
        if let claimedTree { return claimedTree }
        let kept = cacheFolder.map { "\($0)/trees/\(String(FNV1a.hash(Data(root.utf8)), radix: 16))" }
        if let kept, let tree = GateBuildTree.claim(folder: kept, gitDirectory: gitDirectory, git: git) {
            claimedTree = tree
        } else if let tree = GateBuildTree.claim(folder: "\(scratch)/tree", gitDirectory: gitDirectory, git: git) {
            if let kept { gateProgress("another gate is using the build tree in \(kept): building in a temporary one") }
            claimedTree = tree
        } else {
            throw GateFailure(status: .buildFailed, description: "could not make a build folder in \(scratch)")
        }
        return claimedTree!
    }

    /// The commit `reference` names, or nil when it names none.
    func commit(of reference: String) -> String? {
        Self.capture(git, ["-C", root, "rev-parse", "--verify", "--quiet", "\(reference)^{commit}"])
    }

    /// Resolves the working tree's dependencies: its `Package.resolved` then serves both builds
    /// (it is often not committed, and a manifest's version ranges would let two clean builds differ).
    func resolve() throws(GateFailure) {
        gateProgress("resolving dependencies once (the working tree's Package.resolved serves both builds)")
        guard (try? Self.runEndingWithGate(swift, ["package", "resolve"], in: root)) == 0 else {
            throw GateFailure(status: .buildFailed, description: "could not resolve the dependencies")
        }
    }

    /// The base commit's executable.
    func base(commit: String, reference: String) throws(GateFailure) -> String {
        guard let sources = Self.capture(git, ["-C", root, "rev-parse", "\(commit)^{tree}"]) else {
            throw GateFailure(status: .buildFailed, description: "could not read the tree of \(reference)")
        }
        let built = try executable(of: sources, side: "base", named: "base \(reference) (\(commit.prefix(12)))")
        if let claimedTree {
            warnOfDrift(base: "\(claimedTree.sources)/Package.resolved", head: "\(root)/Package.resolved")
        }
        return built
    }

    /// The working tree's executable: its tracked changes and its untracked files count, as a
    /// build in it would see them.
    func head() throws(GateFailure) -> String {
        try executable(of: try workingTreeObject(), side: "head", named: "the working tree (\(root))")
    }

    /// Removes the build tree if it is the temporary one, and the scratch folder unless results
    /// are in it.
    func removeTemporaryTree() {
        // Once a signal is ending the gate, its handler removes the scratch folder: two removers
        // racing over one folder can leave it behind.
        LiveChildren.parkIfStopping()
        if let claimedTree, claimedTree.folder.hasPrefix(scratch + "/") {
            try? FileManager.default.removeItem(atPath: claimedTree.folder)
        }
        for temporary in ["head-index", "base-\(product)", "head-\(product)"] {
            try? FileManager.default.removeItem(atPath: "\(scratch)/\(temporary)")
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: scratch))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: scratch)
        }
    }

    /// The executable built from the git tree `sources`: from the cache, or built in the build
    /// tree (then cached).
    private func executable(of sources: String, side: String, named what: String) throws(GateFailure) -> String {
        // Keyed after `resolve()`: a fresh clone has no Package.resolved before it.
        let cache = cacheFolder.map { GateBinaryCache(folder: $0, resolutionKey: Self.resolutionKey(root, swift)) }
        if let cached = cache?.lookUp(tree: sources, product: product) {
            gateProgress("\(what) from the cache: \(cached)")
            return cached
        }
        let tree = try buildTree()
        let how = tree.hasBuilt ? "incrementally, over its last build" : "from nothing: the tree is new"
        gateProgress("building \(what) in the build tree \(tree.sources) (\(how))")
        try tree.checkOut(sources)
        tree.place("\(root)/Package.resolved", as: "Package.resolved")
        let arguments = ["build", "-c", "release", "--scratch-path", tree.products, "--product", product]
        // SwiftPM prefers SWIFTPM_BUILD_DIR to --scratch-path: one set in the user's environment
        // would build both sides where the gate does not look for them.
        let buildFolder = ["SWIFTPM_BUILD_DIR": tree.products]
        guard (try? Self.runEndingWithGate(swift, arguments, in: tree.sources, environment: buildFolder)) == 0 else {
            throw GateFailure(status: .buildFailed, description: "the build of \(what), product '\(product)', failed")
        }
        let built = "\(tree.products)/release/\(product)"
        if let cached = cache?.store(built, tree: sources, product: product) {
            gateProgress("cached in \(cached)")
            return cached
        }
        return try Self.keep(built, as: "\(scratch)/\(side)-\(product)")
    }

    /// A copy of `built` at `path`. Never `built` itself: the tree's next build overwrites it, and
    /// a base overwritten by its head would be compared with itself.
    private static func keep(_ built: String, as path: String) throws(GateFailure) -> String {
        try? FileManager.default.removeItem(atPath: path)
        guard (try? FileManager.default.copyItem(atPath: built, toPath: path)) != nil else {
            throw GateFailure(status: .buildFailed, description: "could not copy \(built) to \(path)")
        }
        return path
    }

    /// The git tree object of the working tree as it is: tracked changes and untracked files,
    /// ignored ones and build folders aside, written through an index of its own so that the
    /// user's index is untouched.
    func workingTreeObject() throws(GateFailure) -> String {
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let index = "\(scratch)/head-index"
        try? FileManager.default.removeItem(atPath: index)
        // The user's index as a start: its recorded file states spare git hashing unchanged files.
        try? FileManager.default.copyItem(atPath: "\(gitDirectory)/index", toPath: index)
        let environment = ["GIT_INDEX_FILE": index]
        func git(_ arguments: [String]) -> String? {
            Self.capture(self.git, ["-C", root] + arguments, environment: environment)
        }
        // Tracked files as they are, then the untracked ones that are not ignored, build folders
        // aside (a pathspec excluding them makes git refuse when they are also ignored).
        var complete = git(["add", "--update"]) != nil
        let untracked = (git(["ls-files", "--others", "--exclude-standard", "-z"]) ?? "")
            .split(separator: "\0").map(String.init)
            .filter { !$0.hasPrefix(".build") && !$0.hasPrefix(".swiftpm/") }
        for chunk in stride(from: 0, to: untracked.count, by: 256) where complete {
            complete = git(["add", "--"] + untracked[chunk..<min(chunk + 256, untracked.count)]) != nil
        }
        guard complete, let object = git(["write-tree"]) else {
            throw GateFailure(status: .buildFailed, description: "could not read the working tree \(root) with git")
        }
        return object
    }

    /// SwiftPM run so that it ends with the gate, even a gate killed with SIGKILL: it is sent
    /// SIGINT then, on which it cancels the build and ends its compilers (SIGTERM left them running).
    private static func runEndingWithGate(
        _ swift: String, _ arguments: [String], in directory: String, environment: [String: String] = [:]
    ) throws -> Int32 {
        let wrapped = LiveChildren.endingWithParent(
            swift, arguments, signal: SIGINT, tool: RunMetadata.currentExecutable())
        return try StreamedProcess.run(
            wrapped.executable, wrapped.arguments, in: directory,
            environment: wrapped.environment.merging(environment) { _, new in new })
    }

    /// The cache key's second half: the resolution and the toolchain (a build by another compiler
    /// or against other dependency versions is another binary).
    private static func resolutionKey(_ root: String, _ swift: String) -> String {
        let resolved = FileManager.default.contents(atPath: "\(root)/Package.resolved") ?? Data()
        let toolchain = capture(swift, ["--version"]) ?? "unknown toolchain"
        return String(FNV1a.hash(resolved + Data(toolchain.utf8)), radix: 16)
    }

    /// A base whose manifest asks for other dependencies re-resolves: that is part of the change,
    /// so it is named, not hidden.
    private func warnOfDrift(base: String, head: String) {
        let before = Self.pins(head)
        let after = Self.pins(base)
        guard before != after else { return }
        gateProgress("warning: base resolved dependencies differently from head (its manifest differs):")
        for identity in Set(before.keys).union(after.keys).sorted() where before[identity] != after[identity] {
            gateProgress("  \(identity): head \(before[identity] ?? "absent"), base \(after[identity] ?? "absent")")
        }
    }

    /// `Package.resolved`'s pins: identity to version (or revision).
    static func pins(_ path: String) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let pins = object["pins"] as? [[String: Any]]
        else { return [:] }
        var result: [String: String] = [:]
        for pin in pins {
            guard let identity = pin["identity"] as? String, let state = pin["state"] as? [String: Any] else {
                continue
            }
            result[identity] = (state["version"] as? String) ?? (state["revision"] as? String) ?? "?"
        }
        return result
    }

    /// A short command's trimmed standard output, or nil when it failed.
    static func capture(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) -> String? {
        let command = ChildCommand(executable: executable, arguments: arguments, environment: environment)
        guard let outcome = try? ChildProcess.run(command, timeout: .seconds(120)), !outcome.timedOut,
            outcome.status == 0
        else { return nil }
        return outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// One line of the gate's progress, on standard error (standard output carries the verdict).
func gateProgress(_ message: String) {
    FileHandle.standardError.write(Data("gate: \(message)\n".utf8))
}

/// FNV-1a, 64 bits: a cache key, not a defence against anyone.
enum FNV1a {
    static func hash(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
