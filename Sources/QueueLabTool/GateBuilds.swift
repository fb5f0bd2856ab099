import Foundation
import QueueLabBenchmarks

/// The two executables a gate compares: the base commit's, built in a worktree of its own (or
/// taken from the cache of base builds), and the working tree's, both against one resolution of
/// the dependencies.
struct GateBuilds {
    let root: String
    let product: String
    private let swift: String
    private let git: String
    private let scratch: String

    /// `directory`'s git repository; the gate's temporary files go under `scratch`.
    init(directory: String, product: String, scratch: String) throws(GateFailure) {
        guard let git = ExecutableSearch.find("git") else {
            throw GateFailure(status: .badInput, description: "the gate needs git on PATH")
        }
        guard let swift = ExecutableSearch.find("swift") else {
            throw GateFailure(status: .badInput, description: "the gate needs swift on PATH")
        }
        self.git = git
        self.swift = swift
        guard let root = Self.capture(git, ["-C", directory, "rev-parse", "--show-toplevel"]) else {
            throw GateFailure(status: .badInput, description: "\(directory) is not inside a git repository")
        }
        self.root = root
        self.product = product
        self.scratch = scratch
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

    /// The working tree's executable, built in `.build-gate-head` (a `swift run --scratch-path
    /// .build-gate-head` of the gate itself has already built it: then this is a no-op).
    func head() throws(GateFailure) -> String {
        gateProgress("building the working tree (\(root), scratch folder .build-gate-head)")
        try build(in: root, scratchFolder: ".build-gate-head", what: "head")
        return "\(root)/.build-gate-head/release/\(product)"
    }

    /// The base commit's executable: from `cache` when a build of that commit, resolution and
    /// toolchain is there, else built in a temporary worktree and copied into the cache.
    func base(commit: String, reference: String, cache: String?) throws(GateFailure) -> String {
        let cached = cache.map { "\($0)/\(commit)-\(resolutionKey())/\(product)" }
        if let cached, FileManager.default.isExecutableFile(atPath: cached) {
            gateProgress("base \(reference) (\(commit.prefix(12))) from the cache: \(cached)")
            return cached
        }
        let worktree = "\(scratch)/base"
        gateProgress("building base \(reference) (\(commit.prefix(12))) in \(worktree)")
        guard Self.capture(git, ["-C", root, "worktree", "add", "--quiet", "--detach", worktree, commit]) != nil else {
            throw GateFailure(status: .buildFailed, description: "could not check out \(reference) in \(worktree)")
        }
        let resolved = "\(root)/Package.resolved"
        if FileManager.default.fileExists(atPath: resolved) {
            try? FileManager.default.removeItem(atPath: "\(worktree)/Package.resolved")
            try? FileManager.default.copyItem(atPath: resolved, toPath: "\(worktree)/Package.resolved")
        }
        try build(in: worktree, scratchFolder: ".build-gate-base", what: "base")
        warnOfDrift(base: "\(worktree)/Package.resolved", head: resolved)
        let built = "\(worktree)/.build-gate-base/release/\(product)"
        guard let cached else { return built }
        do {
            // Copied under a temporary name, then renamed: a gate running beside this one never
            // sees half a file.
            let folder = (cached as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let partial = "\(cached).partial.\(getpid())"
            try? FileManager.default.removeItem(atPath: partial)
            try FileManager.default.copyItem(atPath: built, toPath: partial)
            guard rename(partial, cached) == 0 else { return built }
            gateProgress("base build cached in \(cached)")
            return cached
        } catch {
            gateProgress(
                "warning: could not cache the base build in \(cached) (\(error.localizedDescription)); using it in place"
            )
            return built
        }
    }

    /// Removes the base worktree, if one was made, and the scratch folder unless results are in it.
    func removeWorktree() {
        let worktree = "\(scratch)/base"
        if FileManager.default.fileExists(atPath: worktree) {
            _ = Self.capture(git, ["-C", root, "worktree", "remove", "--force", worktree])
            try? FileManager.default.removeItem(atPath: worktree)
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: scratch))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: scratch)
        }
    }

    private func build(in directory: String, scratchFolder: String, what: String) throws(GateFailure) {
        let arguments = ["build", "-c", "release", "--scratch-path", scratchFolder, "--product", product]
        guard (try? Self.runEndingWithGate(swift, arguments, in: directory)) == 0 else {
            throw GateFailure(status: .buildFailed, description: "the \(what) build of product '\(product)' failed")
        }
    }

    /// SwiftPM run so that it ends with the gate, even a gate killed with SIGKILL: it is sent
    /// SIGINT then, on which it cancels the build and ends its compilers (SIGTERM left them running).
    private static func runEndingWithGate(_ swift: String, _ arguments: [String], in directory: String) throws
        -> Int32
    {
        let wrapped = LiveChildren.endingWithParent(
            swift, arguments, signal: SIGINT, tool: RunMetadata.currentExecutable())
        return try StreamedProcess.run(
            wrapped.executable, wrapped.arguments, in: directory, environment: wrapped.environment)
    }

    /// The cache key's second half: the resolution and the toolchain (a base built by another
    /// compiler or against other dependency versions is another binary).
    private func resolutionKey() -> String {
        let resolved = FileManager.default.contents(atPath: "\(root)/Package.resolved") ?? Data()
        let toolchain = Self.capture(swift, ["--version"]) ?? "unknown toolchain"
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
    static func capture(_ executable: String, _ arguments: [String]) -> String? {
        let command = ChildCommand(executable: executable, arguments: arguments)
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
