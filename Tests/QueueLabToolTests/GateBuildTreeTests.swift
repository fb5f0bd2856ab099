import Foundation
import QueueLabBenchmarks
import TestTiers
import Testing

@testable import QueueLabTool

/// The gate's build tree: switching it from one side to the other rewrites only what differs (so
/// the second build is incremental), one gate holds it at a time, and the working tree is read as
/// a build in it would see it, without touching the user's index.
@Suite(.enabled(if: ExecutableSearch.find("git") != nil && ExecutableSearch.find("swift") != nil), .onBlockingThreads)
struct GateBuildTreeTests {
    let directory: String
    let repository: String
    let git = ExecutableSearch.find("git") ?? "git"

    init() throws {
        directory =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "queuelab-tree-\(getpid())-\(UUID().uuidString)"
            ).path
        repository = directory + "/repository"
        try FileManager.default.createDirectory(atPath: repository + "/Sources", withIntermediateDirectories: true)
        try run(["init", "-q"])
        try write("same", to: "Sources/unchanged.swift")
        try write("before", to: "Sources/changed.swift")
        try write("gone", to: "Sources/removed.swift")
        try write(".build/\nPackage.resolved\n", to: ".gitignore")
        try run(["add", "."])
        try run(["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "base"])
    }

    private func write(_ text: String, to name: String) throws {
        try text.write(toFile: "\(repository)/\(name)", atomically: true, encoding: .utf8)
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let outcome = try ChildProcess.run(
            ChildCommand(executable: git, arguments: ["-C", repository] + arguments), timeout: .seconds(60))
        try #require(outcome.status == 0, "git \(arguments): \(outcome.standardError)")
        return outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func modified(_ path: String) throws -> Date {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    @Test func switchingSidesRewritesOnlyWhatDiffers() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let gitDirectory = try run(["rev-parse", "--absolute-git-dir"])
        let tree = try #require(GateBuildTree.claim(folder: directory + "/tree", gitDirectory: gitDirectory, git: git))
        let base = try run(["rev-parse", "HEAD^{tree}"])
        try tree.checkOut(base)
        let unchanged = "\(tree.sources)/Sources/unchanged.swift"
        let before = try modified(unchanged)
        // Something a build left in the sources, and the change of the head.
        try "left over".write(toFile: "\(tree.sources)/Sources/generated.swift", atomically: true, encoding: .utf8)
        try write("after", to: "Sources/changed.swift")
        try FileManager.default.removeItem(atPath: "\(repository)/Sources/removed.swift")
        try write("new", to: "Sources/untracked.swift")
        // An ignored build folder, and one git does not ignore: neither is a source.
        for folder in [".build/release", ".build-gate-head/release"] {
            try FileManager.default.createDirectory(
                atPath: "\(repository)/\(folder)", withIntermediateDirectories: true)
            try write("product", to: "\(folder)/tool")
        }
        let statusBefore = try run(["status", "--porcelain"])

        let builds = try GateBuilds(
            directory: repository, product: "tool", scratch: directory + "/scratch", cache: directory + "/cache")
        let head = try builds.workingTreeObject()
        #expect(try run(["status", "--porcelain"]) == statusBefore, "the user's index is untouched")
        try tree.checkOut(head)

        func contents(_ name: String) -> String? {
            try? String(contentsOfFile: "\(tree.sources)/\(name)", encoding: .utf8)
        }
        #expect(contents("Sources/changed.swift") == "after")
        #expect(contents("Sources/untracked.swift") == "new", "an untracked file is part of the head")
        #expect(contents("Sources/removed.swift") == nil)
        #expect(contents("Sources/generated.swift") == nil, "nothing left from the last side")
        #expect(contents(".build-gate-head/release/tool") == nil, "build folders are not sources")
        #expect(contents(".build/release/tool") == nil, "build folders are not sources")
        #expect(try modified(unchanged) == before, "an unchanged file keeps its time, so it is not rebuilt")

        // Back to the base: the same tree, the files as they were.
        try tree.checkOut(base)
        #expect(contents("Sources/changed.swift") == "before")
        #expect(contents("Sources/removed.swift") == "gone")
        #expect(contents("Sources/untracked.swift") == nil)
    }

    @Test func oneGateAtATimeHoldsATree() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let gitDirectory = try run(["rev-parse", "--absolute-git-dir"])
        let first = GateBuildTree.claim(folder: directory + "/tree", gitDirectory: gitDirectory, git: git)
        #expect(first != nil)
        #expect(GateBuildTree.claim(folder: directory + "/tree", gitDirectory: gitDirectory, git: git) == nil)
        // A gate that cannot have the kept tree builds in a temporary one, and says so.
        #expect(GateBuildTree.claim(folder: directory + "/other", gitDirectory: gitDirectory, git: git) != nil)
    }

    @Test func theCacheKeepsTheMostRecentlyUsed() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = GateBinaryCache(folder: directory + "/cache", resolutionKey: "abc")
        let built = directory + "/tool"
        try "#!/bin/sh\n".write(toFile: built, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: built)
        let trees = (0..<(GateBinaryCache.capacity + 3)).map { String(format: "%040x", $0) }
        for (number, tree) in trees.enumerated() {
            #expect(cache.store(built, tree: tree, product: "tool") != nil)
            // Used again: the first stays among the most recently used.
            if number > 0 { #expect(cache.lookUp(tree: trees[0], product: "tool") != nil) }
        }
        let entries = try FileManager.default.contentsOfDirectory(atPath: directory + "/cache")
        #expect(entries.count == GateBinaryCache.capacity)
        #expect(cache.lookUp(tree: trees[0], product: "tool") != nil)
        #expect(cache.lookUp(tree: trees[1], product: "tool") == nil, "the least recently used went first")
        #expect(cache.lookUp(tree: trees.last!, product: "tool") != nil)
    }
}
