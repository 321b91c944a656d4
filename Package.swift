// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "snapstyled",
    // Linux only: the watcher needs inotify, the server SO_PEERCRED and Glibc; no other platform is claimed.
    products: [
        .executable(name: "snapstyled", targets: ["snapstyled"]),
        .executable(name: "snapstyle", targets: ["snapstyle"]),
        .library(name: "SnapStyleClient", targets: ["SnapStyleClient"]),
        .library(name: "SnapStyleServer", targets: ["SnapStyleServer"]),
        .library(name: "SnapStyleProtocol", targets: ["SnapStyleProtocol"]),
        .library(name: "SnapStyleVocabulary", targets: ["SnapStyleVocabulary"]),
        .library(name: "SnapStyleSystem", targets: ["SnapStyleSystem"]),
        .library(name: "SnapStyleConfiguration", targets: ["SnapStyleConfiguration"]),
        .library(name: "SnapStyleEngine", targets: ["SnapStyleEngine"]),
        .library(name: "SnapStyleThemes", targets: ["SnapStyleThemes"]),
        .library(name: "SnapStyleMethods", targets: ["SnapStyleMethods"]),
        .library(name: "SnapStyleExport", targets: ["SnapStyleExport"]),
        .library(name: "SnapStyleReview", targets: ["SnapStyleReview"]),
        .library(name: "SnapStyleDiff", targets: ["SnapStyleDiff"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.1.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", exact: "0.12.1"),
    ],
    targets: [
        // C libraries, each wrapped by one Swift layer; nothing else imports them.
        .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        .systemLibrary(name: "CInotifyTools", providers: [.apt(["libinotifytools0-dev"])]),
        // simdjson (C++, Debian's libsimdjson-dev) behind a pure C header: the daemon's request-line parser.
        .target(name: "CSimdJSON", linkerSettings: [.linkedLibrary("simdjson")]),

        // A JSON value model with source positions, and JSON text read and written in Swift (`JSONText`: the client's
        // codec, and the exports' writer in jansson's layouts, byte for byte); no C JSON library.
        .target(name: "SnapStyleJSON", dependencies: ["SnapStyleVocabulary", "SnapStyleSystem"]),
        // Parsing and encoding JSON text with jansson; owns every json_t.
        .target(name: "SnapStyleJansson", dependencies: ["CJansson", "SnapStyleJSON"]),
        // System calls in one place, and the only module (with the watcher's inotify wrapper) that imports Glibc
        // (`make lint`): POSIX files, Unix socket addresses, SO_PEERCRED, sd_notify, the socket path, the open-files
        // limit, the process, the lock, raw memory. Errno becomes `SystemError`; EINTR is retried in `SystemCall`.
        .target(name: "SnapStyleSystem"),
        // The words the engine, the protocol and every client share: attributes, the context's closed sets, limits.
        .target(name: "SnapStyleVocabulary"),
        // The value primitives the engine shares with the exports, re-exported by the engine: sRGB colors and the DTCG
        // color spaces, reading a DTCG color, dimension or family list, font weights, gradient points, key syntax, the
        // `org.snapstyle` hints and the stand-ins an export writes for unset typography. Pure Swift.
        .target(
            name: "SnapStyleValues",
            dependencies: [
                "SnapStyleVocabulary", "SnapStyleJSON", .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),
        // The resolution engine: definitions, context, resolution, cache, change analysis. No I/O.
        .target(
            name: "SnapStyleEngine",
            dependencies: [
                "SnapStyleVocabulary", "SnapStyleValues", "SnapStyleJSON", "SnapStyleSystem",
                .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),
        // DTCG design tokens (Format and Resolver modules 2025.10) compiled into definitions. No I/O.
        .target(name: "SnapStyleDTCG", dependencies: ["SnapStyleEngine", "SnapStyleJSON"]),
        // The daemon's configuration: defaults, the config file, its checks. Shared by the daemon and the CLI.
        .target(
            name: "SnapStyleConfiguration",
            dependencies: [
                "SnapStyleEngine", "SnapStyleJSON", "SnapStyleJansson", "SnapStyleSystem",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Theme files: roots, discovery, parsing, validation, the embedded preset, the theme store.
        .target(
            name: "SnapStyleThemes",
            dependencies: ["SnapStyleEngine", "SnapStyleJSON", "SnapStyleJansson", "SnapStyleDTCG", "SnapStyleSystem"],
            resources: [.embedInCode("Preset")]
        ),
        // The protocol: the methods, the request envelope, every result and notification shape, the errors. The
        // daemon, the offline CLI, the client library and the preview all speak it through this module.
        .target(
            name: "SnapStyleProtocol",
            dependencies: [
                "SnapStyleVocabulary", "SnapStyleJSON", "SnapStyleSystem",
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // Every export format, on the protocol's typed values alone (no engine, no jansson): `export`'s CSS, DTCG and
        // JSON, and `build`'s outputs (CSS, SCSS, JS/TS, Tailwind, Swift, Android), their naming and units, and the
        // check of a CSS selector. A new format is a file here (and its case in `BuildOutput.Format`). Its JSON is
        // `JSONText`'s, byte for byte jansson's.
        .target(
            name: "SnapStyleExport",
            dependencies: [
                "SnapStyleProtocol", "SnapStyleValues", "SnapStyleJSON", "SnapStyleVocabulary", "SnapStyleSystem",
            ]
        ),
        // The methods that answer from themes alone (`audit` through SnapStyleReview): shared by the daemon and the
        // offline CLI.
        .target(
            name: "SnapStyleMethods",
            dependencies: [
                "SnapStyleProtocol", "SnapStyleEngine", "SnapStyleThemes", "SnapStyleJSON", "SnapStyleJansson",
                "SnapStyleSystem", "SnapStyleReview",
            ]
        ),
        // Problems at a place (file, line, column) with their kind, printed as GitHub Actions workflow commands or as a
        // SARIF 2.1.0 log: `check --format github|sarif`.
        .target(name: "SnapStyleDiagnostics", dependencies: ["SnapStyleJSON"]),
        // `snapstyle build`: the config file, resolving each output's keys and contexts, the atomic writes and `--check`
        // diffs of its outputs (written by SnapStyleExport's formats), and keeping them fresh as themes change
        // (`--watch` with the project's watcher; the daemon's `builds`).
        .target(
            name: "SnapStyleBuild",
            dependencies: [
                "SnapStyleEngine", "SnapStyleJSON", "SnapStyleJansson", "SnapStyleMethods", "SnapStyleProtocol",
                "SnapStyleExport",
                "SnapStyleThemes", "SnapStyleWatcher", "SnapStyleSystem",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Design review: `snapstyle audit`, contrast of every foreground over its background in every context
        // (WCAG 2.2, APCA), from the model's components, accents and declared or conventionally named pairs.
        .target(
            name: "SnapStyleReview",
            dependencies: [
                "SnapStyleEngine", "SnapStyleThemes", "SnapStyleJSON", "SnapStyleJansson", "SnapStyleProtocol",
                .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),
        // `snapstyle diff`: two states of the theme roots (directories or git revisions) loaded in-process and compared:
        // definitions, resolved values per context, what they reach (components, containers, CSS variables), contrast.
        .target(
            name: "SnapStyleDiff",
            dependencies: [
                "SnapStyleReview", "SnapStyleEngine", "SnapStyleThemes", "SnapStyleMethods", "SnapStyleClient",
                "SnapStyleExport",
                "SnapStyleProtocol", "SnapStyleJSON", "SnapStyleJansson", "SnapStyleSystem", "SnapStyleVocabulary",
            ]
        ),
        // Watching theme roots with libinotifytools, on a thread of its own.
        .target(
            name: "SnapStyleWatcher",
            dependencies: [
                "CInotifyTools", "SnapStyleSystem", "SnapStyleEngine", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The daemon: configuration, the socket server, reloads and subscriptions, systemd notification, the builds
        // it keeps fresh.
        .target(
            name: "SnapStyleServer",
            dependencies: [
                "SnapStyleEngine", "SnapStyleThemes", "SnapStyleProtocol", "SnapStyleMethods", "SnapStyleWatcher",
                "SnapStyleSystem", "SnapStyleConfiguration", "SnapStyleJansson", "SnapStyleJSON", "CSimdJSON",
                "SnapStyleBuild",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        // What an app links to talk to the daemon: typed requests, subscriptions as an AsyncSequence.
        .target(
            name: "SnapStyleClient",
            dependencies: [
                "SnapStyleProtocol", "SnapStyleSystem", "SnapStyleVocabulary", "SnapStyleJSON",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // `snapstyle preview`: an HTTP server (Hummingbird) relaying the daemon to a browser page embedded in the binary,
        // the theme as CSS, JSON and DTCG (SnapStyleExport) and a build config's outputs (the CLI's build code, given
        // as a `BuildFileSource`), with Server-Sent Events for hot reloading. No engine, no jansson.
        .target(
            name: "SnapStylePreview",
            dependencies: [
                "SnapStyleClient", "SnapStyleProtocol", "SnapStyleExport", "SnapStyleVocabulary", "SnapStyleJSON",
                "SnapStyleSystem", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.embedInCode("Page")]
        ),
        // `snapstyle lsp`: the language server for theme files and style sheets, on the themes loaded in-process.
        .target(
            name: "SnapStyleLSP",
            dependencies: [
                "SnapStyleEngine", "SnapStyleThemes", "SnapStyleMethods", "SnapStyleProtocol", "SnapStyleJSON",
                "SnapStyleJansson", "SnapStyleSystem", "SnapStyleWatcher", "SnapStyleReview", "SnapStyleExport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `snapstyle mcp`: the design system as a Model Context Protocol server over stdio (the official Swift SDK),
        // an ordinary client of the daemon.
        .target(
            name: "SnapStyleMCP",
            dependencies: [
                "SnapStyleClient", "SnapStyleProtocol", "SnapStyleExport", "SnapStyleVocabulary", "SnapStyleJSON",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "snapstyled",
            dependencies: [
                "SnapStyleServer", "SnapStyleSystem", "SnapStyleConfiguration", "SnapStyleThemes", "SnapStyleEngine",
                "SnapStyleBuild",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "snapstyle",
            dependencies: [
                "SnapStyleThemes", "SnapStyleEngine", "SnapStyleJansson", "SnapStyleProtocol", "SnapStyleMethods",
                "SnapStyleClient", "SnapStyleSystem", "SnapStyleConfiguration", "SnapStylePreview", "SnapStyleLSP",
                "SnapStyleMCP", "SnapStyleDiagnostics", "SnapStyleBuild", "SnapStyleReview", "SnapStyleDiff",
                "SnapStyleExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Fuzzing (`make fuzz`): the entry points, and one executable each for libFuzzer (built with -DFUZZING) that
        // otherwise replays the files it is given. The test suite replays the saved corpus and crashes.
        .target(
            name: "SnapStyleFuzzTargets",
            dependencies: [
                "SnapStyleServer", "SnapStyleSystem", "SnapStyleConfiguration", "SnapStyleThemes", "SnapStyleEngine",
                "SnapStyleJSON", "SnapStyleJansson", "SnapStyleProtocol", "SnapStylePreview", "SnapStyleTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/Fuzz/Targets"
        ),
        .executableTarget(name: "fuzz-requests", dependencies: ["SnapStyleFuzzTargets"], path: "Tests/Fuzz/Requests"),
        .executableTarget(name: "fuzz-themes", dependencies: ["SnapStyleFuzzTargets"], path: "Tests/Fuzz/Themes"),
        .executableTarget(name: "fuzz-tokens", dependencies: ["SnapStyleFuzzTargets"], path: "Tests/Fuzz/Tokens"),
        .executableTarget(name: "fuzz-resolvers", dependencies: ["SnapStyleFuzzTargets"], path: "Tests/Fuzz/Resolvers"),
        .executableTarget(name: "fuzz-queries", dependencies: ["SnapStyleFuzzTargets"], path: "Tests/Fuzz/Queries"),
        // A program that links the client library alone: the tests run it and check it links no engine and no jansson.
        .executableTarget(name: "snapstyle-client-probe", dependencies: ["SnapStyleClient"], path: "Tests/ClientProbe"),
        // A program that links the export module alone: the tests run it and check it links no engine and no jansson.
        .executableTarget(name: "snapstyle-export-probe", dependencies: ["SnapStyleExport"], path: "Tests/ExportProbe"),
        // Shared by the test targets: the real daemon, CLI and preview run on temporary directories, line and HTTP
        // clients, waiting for a condition, the checkout's files, reproducible random changes to real theme roots.
        .target(
            name: "SnapStyleTestSupport", dependencies: ["SnapStyleJSON", "SnapStyleJansson"],
            path: "Tests/SnapStyleTestSupport"
        ),
        // One test target per library, as Hummingbird has them; a program's end-to-end tests sit with its library.
        .testTarget(name: "SnapStyleEngineTests", dependencies: ["SnapStyleEngine", "SnapStyleJSON"]),
        .testTarget(name: "SnapStyleSystemTests", dependencies: ["SnapStyleSystem"]),
        // The formats on typed values built in code (no daemon, no engine), and a program linking the export module
        // alone: it writes every format and carries no engine and no jansson.
        .testTarget(
            name: "SnapStyleExportTests",
            dependencies: ["SnapStyleExport", "SnapStyleProtocol", "SnapStyleJSON", "SnapStyleTestSupport"]
        ),
        // Workflow commands' escaping, rule identifiers, SARIF locations; the CLI's SARIF against the official schema.
        .testTarget(
            name: "SnapStyleDiagnosticsTests",
            dependencies: ["SnapStyleDiagnostics", "SnapStyleJSON", "SnapStyleJansson", "SnapStyleTestSupport"]
        ),
        .testTarget(
            name: "SnapStyleLSPTests",
            dependencies: [
                "SnapStyleLSP", "SnapStyleEngine", "SnapStyleThemes", "SnapStyleJSON", "SnapStyleTestSupport",
            ]
        ),
        // The Swift JSON codec (JSONText) against jansson: the same texts read alike, each reads what the other writes,
        // and its jansson layouts write what jansson writes byte for byte.
        .testTarget(
            name: "SnapStyleJSONTests", dependencies: ["SnapStyleJSON", "SnapStyleJansson", "SnapStyleTestSupport"]
        ),
        // The client library against the real daemon and a misbehaving one, and a program that links it alone.
        .testTarget(
            name: "SnapStyleClientTests", dependencies: ["SnapStyleClient", "SnapStyleJSON", "SnapStyleTestSupport"]
        ),
        // The daemon: its parts in-process, and the real binary (lifecycle, protocol, hot reload, limits, fuzz corpus).
        .testTarget(
            name: "SnapStyleServerTests",
            dependencies: [
                "SnapStyleServer", "SnapStyleJSON", "SnapStyleJansson", "SnapStyleProtocol",
                "SnapStyleMethods", "SnapStyleSystem", "SnapStyleWatcher", "SnapStyleTestSupport",
                "SnapStyleFuzzTargets",
                "SnapStyleEngine", "SnapStyleConfiguration", .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // The MCP server in-process on the SDK's in-memory transport, with a stand-in daemon (the protocol's edges, the
        // tools' answers and bounds), and the real binary driven by the official Python SDK against the real daemon.
        .testTarget(
            name: "SnapStyleMCPTests",
            dependencies: [
                "SnapStyleMCP", "SnapStyleClient", "SnapStyleProtocol", "SnapStyleJSON", "SnapStyleJansson",
                "SnapStyleVocabulary", "SnapStyleTestSupport",
                .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The preview's pieces in-process, and `snapstyle preview` on the real daemon: HTTP, events, bounds, Chromium.
        .testTarget(
            name: "SnapStylePreviewTests",
            dependencies: [
                "SnapStylePreview", "SnapStyleProtocol", "SnapStyleJSON", "SnapStyleJansson", "SnapStyleVocabulary",
                "SnapStyleTestSupport",
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // The importer's stages fed in memory, given files and wanted values, per section of docs/dtcg.md: no store,
        // no files on disk (SnapStyleThemes only for what a file is by its content, `ThemeFile.parse`).
        .testTarget(
            name: "SnapStyleDTCGTests",
            dependencies: ["SnapStyleDTCG", "SnapStyleEngine", "SnapStyleJSON", "SnapStyleJansson", "SnapStyleThemes"]
        ),
        // `snapstyle build`: the config's errors, each format's text, and the real binary's outputs read by the real
        // consumers (Chromium, sassc, tsc, node, swiftc, aapt).
        .testTarget(
            name: "SnapStyleBuildTests",
            dependencies: [
                "SnapStyleBuild", "SnapStyleExport", "SnapStyleMethods", "SnapStyleThemes", "SnapStyleProtocol",
                "SnapStyleJSON", "SnapStyleTestSupport",
            ]
        ),
        // The contrast math against published figures, the preset's pairs against the real daemon's values, a
        // seeded regression through the real CLI, SARIF against the official schema (python3-jsonschema).
        .testTarget(
            name: "SnapStyleReviewTests",
            dependencies: [
                "SnapStyleReview", "SnapStyleEngine", "SnapStyleThemes", "SnapStyleJSON", "SnapStyleJansson",
                "SnapStyleSystem", "SnapStyleTestSupport",
            ],
            resources: [.copy("Fixtures")]
        ),
        // `snapstyle diff` through the real CLI: a seeded regression, the JSON shape, exit codes, git revisions of a
        // temporary repository, the markdown through python3-markdown and the HTML page in Chromium; a real design
        // change from Designsystemet's history (Fixtures), diffed and audited.
        .testTarget(
            name: "SnapStyleDiffTests",
            dependencies: ["SnapStyleDiff", "SnapStyleJSON", "SnapStyleJansson", "SnapStyleTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "SnapStyleThemesTests",
            dependencies: [
                "SnapStyleThemes", "SnapStyleEngine", "SnapStyleJansson", "SnapStyleProtocol", "SnapStyleMethods",
                "SnapStyleTestSupport", "SnapStyleDTCG", "SnapStyleSystem", "SnapStyleExport",
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)
