// swift-tools-version: 6.1
import Foundation
import PackageDescription

// fifo-pool's allocation benchmarks, in a package of their own so that the example's package never
// depends on package-benchmark. Path dependencies are named after their folders: derive the names.
let here = URL(fileURLWithPath: Context.packageDirectory)
let example = here.deletingLastPathComponent().lastPathComponent.lowercased()
let queueLab = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "FifoPoolBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../"),
        .package(path: "../../.."),
        // MallocInterposer: counts allocations without jemalloc, which not every Linux has.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FifoPoolHotPaths",
            dependencies: [
                .product(name: "FifoPool", package: example),
                .product(name: "QueueLabHotPaths", package: queueLab),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FifoPoolHotPaths",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
