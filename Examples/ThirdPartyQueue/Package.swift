// swift-tools-version: 6.1
import Foundation
import PackageDescription

// QueueLab is a path dependency here (two folders up); in your package, until a release is tagged, it is
// .package(path: "../QueueLab") (a clone beside yours) or .package(url: "<QueueLab's git URL>", branch: "main"),
// and the package name "QueueLab".
// SwiftPM names a path dependency after its folder, not its manifest ("main", "queuelab" or whatever
// the clone is called), so derive the name from the path.
let queueLabPath = "../.."
let queueLab = URL(fileURLWithPath: queueLabPath, relativeTo: URL(fileURLWithPath: Context.packageDirectory + "/"))
    .standardizedFileURL.lastPathComponent.lowercased()

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// A queue written outside QueueLab, against its public protocol only, and everything QueueLab gives it:
// the conformance suite in a test, and the whole `queuelab` tool (conform, bench, compare, report, trace)
// as `fifo-pool-lab`. Allocation benchmarks are in Benchmarks/, a package of its own, so that this one
// never depends on package-benchmark.
let package = Package(
    name: "ThirdPartyQueue",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FifoPool", targets: ["FifoPool"]),
        .executable(name: "fifo-pool-lab", targets: ["fifo-pool-lab"]),
    ],
    dependencies: [
        .package(path: queueLabPath)
    ],
    targets: [
        // The queue: knows only QueueLabCore, the protocol.
        .target(
            name: "FifoPool",
            dependencies: [.product(name: "QueueLabCore", package: queueLab)],
            swiftSettings: strict
        ),
        // The tool: QueueLabTool.main over the queue and QueueLab's lock queue as a reference.
        .executableTarget(
            name: "fifo-pool-lab",
            dependencies: [
                "FifoPool",
                .product(name: "QueueLabTool", package: queueLab),
                .product(name: "LockBasedQueue", package: queueLab),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FifoPoolTests",
            dependencies: [
                "FifoPool",
                .product(name: "QueueLabCore", package: queueLab),
                .product(name: "QueueLabConformance", package: queueLab),
            ],
            swiftSettings: strict
        ),
    ]
)
