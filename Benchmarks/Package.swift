// swift-tools-version:6.1
import Foundation
import PackageDescription

// A path dependency is named after its directory, which differs between checkouts.
let main = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// Benchmarks live in their own package so that the main build and CI never build the benchmark tooling.
// Run: `make bench` (or `cd Benchmarks && swift package --allow-writing-to-package-directory benchmark`).
let package = Package(
    name: "snapstyled-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // A generated theme in the shape of Style Dictionary's perf budget.
        .target(name: "BenchmarkSupport", path: "Sources/BenchmarkSupport"),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SnapStyleEngine", package: main),
                .product(name: "SnapStyleThemes", package: main),
                .product(name: "SnapStyleReview", package: main),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A driver for profilers: `swift run -c release Profile cached|uncached|load|change [iterations]`.
        .executableTarget(
            name: "Profile",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "SnapStyleServer", package: main),
                .product(name: "SnapStyleSystem", package: main),
                .product(name: "SnapStyleConfiguration", package: main),
                .product(name: "SnapStyleEngine", package: main),
                .product(name: "SnapStyleThemes", package: main),
                .product(name: "SnapStyleMethods", package: main),
                .product(name: "SnapStyleExport", package: main),
                .product(name: "SnapStyleProtocol", package: main),
            ],
            path: "Sources/Profile"
        ),
        // The daemon benchmarks' load generator (see daemon-bench.sh).
        .executableTarget(
            name: "LoadGenerator", dependencies: ["BenchmarkSupport"], path: "Sources/LoadGenerator",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The transport's ceiling: NIO answering every line with constant bytes (see daemon-bench.sh).
        .executableTarget(
            name: "CeilingServer",
            dependencies: [
                .product(name: "SnapStyleServer", package: main),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Sources/CeilingServer"
        ),
        .executableTarget(
            name: "MemoryBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SnapStyleEngine", package: main),
                .product(name: "SnapStyleThemes", package: main),
            ],
            path: "Benchmarks/MemoryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
