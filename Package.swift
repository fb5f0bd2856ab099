// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "QueueLab",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "QueueLabCore", targets: ["QueueLabCore"]),
        // Public so that a policy written in another package can be plugged into the queues.
        .library(name: "QueueLabScheduling", targets: ["QueueLabScheduling"]),
        .library(name: "LockBasedQueue", targets: ["LockBasedQueue"]),
        .library(name: "ActorBasedQueue", targets: ["ActorBasedQueue"]),
        .library(name: "FoundationAdapter", targets: ["FoundationAdapter"]),
        .library(name: "QueueLabAdvanced", targets: ["QueueLabAdvanced"]),
        .library(name: "QueueLabConformance", targets: ["QueueLabConformance"]),
        .library(name: "QueueLabBenchmarks", targets: ["QueueLabBenchmarks"]),
        // The hot-path scenarios of the allocation benchmarks, for any queue: a user's package-benchmark
        // target registers them for its own queue (QueueLab's Benchmarks/ package does it for its own).
        .library(name: "QueueLabHotPaths", targets: ["QueueLabHotPaths"]),
        .library(name: "QueueLabRegistry", targets: ["QueueLabRegistry"]),
        .library(name: "QueueLabTool", targets: ["QueueLabTool"]),
        .executable(name: "queuelab", targets: ["queuelab"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The protocol: what every queue promises. Imports no implementation.
        .target(name: "QueueLabCore", dependencies: ["CCallgrind"], swiftSettings: strict),
        // Bookkeeping shared by QueueLab's own two queues (graph, ready lists, locks).
        .target(
            name: "QueueLabScheduling",
            dependencies: [
                "QueueLabCore",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ],
            swiftSettings: strict
        ),
        .target(name: "LockBasedQueue", dependencies: ["QueueLabCore", "QueueLabScheduling"], swiftSettings: strict),
        .target(
            name: "ActorBasedQueue",
            dependencies: [
                "QueueLabCore",
                "QueueLabScheduling",
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            swiftSettings: strict
        ),
        .target(name: "FoundationAdapter", dependencies: ["QueueLabCore"], swiftSettings: strict),
        .target(name: "DispatchBaseline", dependencies: ["QueueLabCore"], swiftSettings: strict),
        // Name -> implementation: the tool's registry of whatever implementations it is given.
        .target(name: "QueueLabRegistry", dependencies: ["QueueLabCore", "QueueLabScheduling"], swiftSettings: strict),
        // QueueLab's four built-ins, registered.
        .target(
            name: "QueueLabImplementations",
            dependencies: [
                "QueueLabCore", "QueueLabScheduling", "QueueLabRegistry", "LockBasedQueue", "ActorBasedQueue",
                "FoundationAdapter", "DispatchBaseline",
            ],
            swiftSettings: strict
        ),
        // The Advanced-NSOperations layer (conditions, exclusivity, observers, groups), generic over the protocol.
        .target(name: "QueueLabAdvanced", dependencies: ["QueueLabCore"], swiftSettings: strict),
        // The conformance suite and the benchmark runner know only the protocol (and the layer built on it).
        .target(
            name: "QueueLabConformance", dependencies: ["QueueLabCore", "QueueLabAdvanced"], swiftSettings: strict),
        // Valgrind's Callgrind client requests (no-ops without Valgrind's headers): `bench --instructions`'s
        // window and the queues' uncounted idle waits (QueueLabCore's `InstructionCounting`).
        .target(name: "CCallgrind"),
        // prctl(PR_SET_PDEATHSIG) for Swift: a sample or bench ends with the process that started it.
        .target(name: "CParentDeath"),
        .target(
            name: "QueueLabBenchmarks",
            dependencies: [
                "QueueLabCore",
                "QueueLabAdvanced",
                "CParentDeath",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: strict
        ),
        // What an allocation benchmark of a queue sets up and measures; no package-benchmark dependency, so
        // the main package never builds it.
        .target(name: "QueueLabHotPaths", dependencies: ["QueueLabCore"], swiftSettings: strict),
        // Every subcommand, over the implementations its caller passes: knows only the protocol.
        .target(
            name: "QueueLabTool",
            dependencies: [
                "QueueLabCore",
                "QueueLabRegistry",
                "QueueLabScheduling",
                "QueueLabConformance",
                "QueueLabBenchmarks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        // QueueLabTool.main over the four built-ins.
        .executableTarget(
            name: "queuelab",
            dependencies: ["QueueLabImplementations", "QueueLabTool"],
            swiftSettings: strict
        ),
        // What a user's own tool looks like: QueueLabTool.main over a queue from outside QueueLab.
        .executableTarget(
            name: "queuelab-example",
            dependencies: [
                "QueueLabCore", "QueueLabScheduling", "QueueLabTool", "LockBasedQueue", "FoundationAdapter",
            ],
            path: "Examples/OwnQueueTool",
            swiftSettings: strict
        ),
        .testTarget(name: "QueueLabCoreTests", dependencies: ["QueueLabCore"], swiftSettings: strict),
        .testTarget(
            name: "QueueLabAdvancedTests",
            dependencies: ["QueueLabCore", "QueueLabAdvanced", "QueueLabImplementations"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "QueueLabSchedulingTests",
            dependencies: ["QueueLabCore", "QueueLabScheduling"],
            swiftSettings: strict
        ),
        // A policy written outside QueueLab, with public products only, in both queues.
        .testTarget(
            name: "ExternalPolicyTests",
            // Each of these is a library product; the tests use no @testable or @_spi import.
            dependencies: [
                "QueueLabCore", "QueueLabScheduling", "LockBasedQueue", "ActorBasedQueue", "QueueLabConformance",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "QueueTests",
            dependencies: [
                "QueueLabCore", "LockBasedQueue", "ActorBasedQueue", "FoundationAdapter", "QueueLabImplementations",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ConformanceTests",
            // The scheduling products: the policy mutants are written against their public API.
            dependencies: [
                "QueueLabCore", "QueueLabConformance", "QueueLabImplementations", "QueueLabScheduling",
                "LockBasedQueue",
                "ActorBasedQueue",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "QueueLabHotPathsTests",
            dependencies: ["QueueLabCore", "QueueLabHotPaths", "LockBasedQueue"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BenchmarkTests",
            dependencies: [
                "QueueLabCore", "QueueLabBenchmarks", "QueueLabImplementations", "QueueLabScheduling", "QueueLabTool",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            // A/A CSVs read by SyntheticPowerTests through #filePath.
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
    ]
)
