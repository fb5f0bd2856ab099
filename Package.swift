// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// `QUEUELAB_FAULT_INJECTION`: the queues' injection hooks (QueueLabScheduling's `InjectedCost`) and the
/// tool's knowledge of them. In debug builds, so that `swift test` exercises the gate against a
/// planted slowdown with the build it already has, and in release builds only with the trait
/// `FaultInjection`: a release build, the one anybody measures or ships, has neither the knob nor
/// its hooks unless asked.
let faultInjection: [SwiftSetting] = [
    .define("QUEUELAB_FAULT_INJECTION", .when(configuration: .debug)),
    .define("QUEUELAB_FAULT_INJECTION", .when(traits: ["FaultInjection"])),
]

let package = Package(
    name: "QueueLab",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "QueueLabCore", targets: ["QueueLabCore"]),
        // Callgrind's instruction counting for any queue: its idle waits left out of the count.
        .library(name: "QueueLabInstructionCounting", targets: ["QueueLabInstructionCounting"]),
        // Public so that a policy written in another package can be plugged into the queues.
        .library(name: "QueueLabScheduling", targets: ["QueueLabScheduling"]),
        .library(name: "LockBasedQueue", targets: ["LockBasedQueue"]),
        .library(name: "ActorBasedQueue", targets: ["ActorBasedQueue"]),
        .library(name: "FoundationAdapter", targets: ["FoundationAdapter"]),
        .library(name: "QueueLabAdvanced", targets: ["QueueLabAdvanced"]),
        .library(name: "QueueLabConformance", targets: ["QueueLabConformance"]),
        .library(name: "QueueLabBenchmarks", targets: ["QueueLabBenchmarks"]),
        .library(name: "QueueLabInvestigation", targets: ["QueueLabInvestigation"]),
        // The hot-path scenarios of the allocation benchmarks, for any queue: a user's package-benchmark
        // target registers them for its own queue (QueueLab's Benchmarks/ package does it for its own).
        .library(name: "QueueLabHotPaths", targets: ["QueueLabHotPaths"]),
        // Records a user's own queue (through the state observer) for `bench --workload replay:file=...`.
        .library(name: "QueueLabRecorder", targets: ["QueueLabRecorder"]),
        .library(name: "QueueLabRegistry", targets: ["QueueLabRegistry"]),
        // Runs the real state machine and policies in virtual time, at any width (`queuelab simulate`).
        .library(name: "QueueLabSimulation", targets: ["QueueLabSimulation"]),
        .library(name: "QueueLabTool", targets: ["QueueLabTool"]),
        .executable(name: "queuelab", targets: ["queuelab"]),
    ],
    traits: [
        .trait(
            name: "FaultInjection",
            description: "QUEUELAB_INJECT_NS: a planted slowdown in the lock and actor queues' add and finish "
                + "paths, for the benchmark gate's own tests and power campaigns (swift build --traits "
                + "FaultInjection). Never in a shipped build."
        )
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The protocol: what every queue promises. Imports no implementation.
        .target(name: "QueueLabCore", swiftSettings: strict),
        // What `bench --instructions` counts: its window, and the idle waits a queue leaves out of it.
        .target(name: "QueueLabInstructionCounting", dependencies: ["CCallgrind"], swiftSettings: strict),
        // Bookkeeping shared by QueueLab's own two queues (graph, ready lists, locks).
        .target(
            name: "QueueLabScheduling",
            dependencies: [
                "QueueLabCore",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ],
            swiftSettings: strict + faultInjection
        ),
        .target(
            name: "LockBasedQueue",
            dependencies: ["QueueLabCore", "QueueLabScheduling", "QueueLabInstructionCounting"],
            swiftSettings: strict
        ),
        .target(
            name: "ActorBasedQueue",
            dependencies: [
                "QueueLabCore",
                "QueueLabScheduling",
                "QueueLabInstructionCounting",
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            swiftSettings: strict
        ),
        .target(name: "FoundationAdapter", dependencies: ["QueueLabCore"], swiftSettings: strict),
        .target(name: "DispatchBaseline", dependencies: ["QueueLabCore"], swiftSettings: strict),
        // The recorder and its file format: knows only the protocol.
        .target(name: "QueueLabRecorder", dependencies: ["QueueLabCore"], swiftSettings: strict),
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
        // window and the queues' uncounted idle waits (QueueLabInstructionCounting).
        .target(name: "CCallgrind"),
        // prctl(PR_SET_PDEATHSIG) for Swift: a sample or bench ends with the process that started it.
        .target(name: "CParentDeath"),
        // sched_getcpu() for Swift: which core each `makespan` body ran on (its parallel_after_ns).
        .target(name: "CCurrentCPU"),
        // C's `stdout` for Swift: the tool's check at exit that standard output was written.
        .target(name: "CStandardOutput"),
        .target(
            name: "QueueLabBenchmarks",
            dependencies: [
                "QueueLabCore",
                "QueueLabInstructionCounting",
                "QueueLabAdvanced",
                "QueueLabRecorder",
                "CParentDeath",
                "CCurrentCPU",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: strict
        ),
        // Investigating one run: its transitions traced, drawn (Chrome trace) and explained, and the
        // HTML report over results files. Measuring knows nothing of it.
        .target(
            name: "QueueLabInvestigation",
            dependencies: ["QueueLabCore", "QueueLabBenchmarks", "QueueLabRecorder"],
            swiftSettings: strict
        ),
        // A discrete-event simulation of a workload on the real QueueStateMachine and policies.
        .target(
            name: "QueueLabSimulation",
            dependencies: [
                "QueueLabCore", "QueueLabScheduling", "QueueLabBenchmarks", "QueueLabRecorder",
                .product(name: "HeapModule", package: "swift-collections"),
            ],
            // The sample calibration `simulate` defaults to: data, compiled in (no bundle to find).
            resources: [.embedInCode("Calibrations/lock-vm2.calibration")],
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
                "QueueLabInvestigation",
                "QueueLabRecorder",
                "QueueLabSimulation",
                "CStandardOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict + faultInjection
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
        // The shipped recording's scenario (the WWDC 2015 Advanced NSOperations app's start-up), recorded
        // on a lock queue through QueueLabRecorder; also the recorder's overhead on noop.
        .executableTarget(
            name: "queuelab-record-example",
            dependencies: ["QueueLabCore", "QueueLabRecorder", "LockBasedQueue"],
            path: "Examples/RecordAnApp",
            swiftSettings: strict
        ),
        // Which tier a test belongs to: `swift test` runs the fast one, QUEUELAB_LONG_TESTS=1 adds the long one.
        .target(name: "TestTiers", path: "Tests/TestTiers", swiftSettings: strict),
        // What tests of several modules share: scratch folders, the built binaries, made-up results rows.
        .target(
            name: "TestSupport",
            dependencies: ["TestTiers", "QueueLabCore", "QueueLabBenchmarks"],
            path: "Tests/TestSupport",
            swiftSettings: strict
        ),
        .testTarget(name: "QueueLabCoreTests", dependencies: ["TestTiers", "QueueLabCore"], swiftSettings: strict),
        .testTarget(
            name: "QueueLabAdvancedTests",
            dependencies: ["TestTiers", "QueueLabCore", "QueueLabAdvanced", "QueueLabImplementations"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "QueueLabSchedulingTests",
            dependencies: ["TestTiers", "QueueLabCore", "QueueLabScheduling"],
            swiftSettings: strict
        ),
        // A policy written outside QueueLab, with public products only, in both queues.
        .testTarget(
            name: "ExternalPolicyTests",
            // Each of these is a library product; the tests use no @testable or @_spi import.
            dependencies: [
                "TestTiers",
                "QueueLabCore", "QueueLabScheduling", "LockBasedQueue", "ActorBasedQueue", "QueueLabConformance",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "QueueTests",
            dependencies: [
                "TestTiers",
                "QueueLabCore", "LockBasedQueue", "ActorBasedQueue", "FoundationAdapter", "QueueLabImplementations",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ConformanceTests",
            // The scheduling products: the policy mutants are written against their public API.
            dependencies: [
                "TestTiers",
                "QueueLabCore", "QueueLabConformance", "QueueLabImplementations", "QueueLabScheduling",
                "LockBasedQueue",
                "ActorBasedQueue",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "QueueLabSimulationTests",
            dependencies: [
                "TestTiers", "QueueLabCore", "QueueLabScheduling", "QueueLabBenchmarks", "QueueLabSimulation",
                "QueueLabRecorder",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "QueueLabHotPathsTests",
            dependencies: ["TestTiers", "QueueLabCore", "QueueLabHotPaths", "LockBasedQueue"],
            swiftSettings: strict
        ),
        // The measuring library: workloads, the runner, results files, statistics, open loop, replay.
        .testTarget(
            name: "BenchmarkTests",
            dependencies: [
                "TestTiers", "TestSupport",
                "QueueLabCore", "QueueLabBenchmarks", "QueueLabInvestigation", "QueueLabImplementations",
                "QueueLabScheduling", "QueueLabRecorder", "LockBasedQueue", "ActorBasedQueue", "FoundationAdapter",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "QueueLabInvestigationTests",
            dependencies: [
                "TestTiers", "TestSupport",
                "QueueLabCore", "QueueLabBenchmarks", "QueueLabInvestigation", "QueueLabImplementations",
                "QueueLabRecorder", "LockBasedQueue",
            ],
            swiftSettings: strict
        ),
        // The tool: its commands' grammar, and the binaries run as a user runs them.
        .testTarget(
            name: "QueueLabToolTests",
            dependencies: [
                "TestTiers", "TestSupport",
                "QueueLabCore", "QueueLabBenchmarks", "QueueLabInvestigation", "QueueLabImplementations",
                "QueueLabScheduling", "QueueLabTool", "QueueLabRecorder", "QueueLabSimulation", "LockBasedQueue",
                "ActorBasedQueue", "FoundationAdapter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
    ]
)
