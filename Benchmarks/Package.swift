// swift-tools-version: 6.1
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, not its manifest: "main", "queuelab" or
// whatever the clone is called. Derive it so the references below work in any checkout.
let queueLab = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()

// QueueLab's allocation benchmarks, kept in a package of their own (as swift-nio and
// swift-collections do) so that the main package never depends on package-benchmark.
// Run: swift package --package-path Benchmarks benchmark
let package = Package(
    name: "QueueLabBenchmarkSuite",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../"),
        // MallocInterposer: the runtime interposer is not available on every Linux; the trait makes
        // the package resolve and count allocations without jemalloc.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "QueueHotPaths",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "QueueLabCore", package: queueLab),
                // The scenarios (what is set up, what is measured, names, tolerances), shared with users.
                .product(name: "QueueLabHotPaths", package: queueLab),
                .product(name: "LockBasedQueue", package: queueLab),
                .product(name: "ActorBasedQueue", package: queueLab),
                .product(name: "FoundationAdapter", package: queueLab),
            ],
            path: "Benchmarks/QueueHotPaths",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
