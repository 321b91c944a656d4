// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "snapstyled",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "snapstyle", targets: ["snapstyle"]),
        .library(name: "SnapStyleEngine", targets: ["SnapStyleEngine"]),
        .library(name: "SnapStyleThemes", targets: ["SnapStyleThemes"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    ],
    targets: [
        // C library, wrapped by the Swift layer below; nothing else imports it.
        .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),

        // A JSON value model with source positions: pure Swift.
        .target(name: "SnapStyleJSON"),
        // Parsing and encoding JSON text with jansson; owns every json_t.
        .target(name: "SnapStyleJansson", dependencies: ["CJansson", "SnapStyleJSON"]),
        // The resolution engine: definitions, context, resolution, cache, change analysis. No I/O.
        .target(name: "SnapStyleEngine", dependencies: ["SnapStyleJSON"]),
        // Theme files: roots, discovery, parsing, validation, the embedded preset, the theme store.
        .target(
            name: "SnapStyleThemes",
            dependencies: ["SnapStyleEngine", "SnapStyleJSON", "SnapStyleJansson"],
            resources: [.embedInCode("Preset")]
        ),
        // The JSON-RPC methods and result shapes shared by the daemon and the offline CLI.
        .target(
            name: "SnapStyleProtocol",
            dependencies: ["SnapStyleEngine", "SnapStyleThemes", "SnapStyleJSON", "SnapStyleJansson"]
        ),
        .executableTarget(
            name: "snapstyle",
            dependencies: [
                "SnapStyleThemes", "SnapStyleEngine", "SnapStyleJansson", "SnapStyleProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "SnapStyleEngineTests", dependencies: ["SnapStyleEngine", "SnapStyleJSON"]),
        .testTarget(
            name: "SnapStyleThemesTests",
            dependencies: ["SnapStyleThemes", "SnapStyleEngine", "SnapStyleJansson", "SnapStyleProtocol"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
