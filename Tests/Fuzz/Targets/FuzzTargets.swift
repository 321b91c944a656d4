import Foundation
import SnapStyleConfiguration
import Synchronization
import Logging
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStylePreview
import SnapStyleProtocol
import SnapStyleServer
import SnapStyleTestSupport
import SnapStyleSystem
import SnapStyleThemes

/// The entry points that coverage-guided fuzzing drives (`make fuzz`), and that the test suite replays over the
/// saved corpus and every crash found: each takes arbitrary bytes and must neither crash nor hang.
public enum FuzzTargets {
    /// A daemon without transport or files: the preset only.
    static let daemon: Daemon = {
        let store = ThemeStore(roots: [])
        store.reloadAll()
        return Daemon(
            configuration: DaemonConfiguration(), store: store, socketPath: "/nowhere",
            logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }),
            notifier: SystemdNotifier(environment: [:]))
    }()

    /// Keeps what a connection is sent, and drops it.
    final class Sink: EventSink {
        func send(line: [UInt8]) {}
    }

    /// One line through the request path, as a connection hands it over: parse, dispatch, answer. Each input is
    /// a connection of its own, closed afterwards, so subscriptions do not pile up across inputs.
    public static func requestLine(_ bytes: UnsafeRawBufferPointer) {
        guard let connection = daemon.connectionOpened() else { return }
        let caller = Caller(connection: connection, sink: Sink())
        // A line never holds its newline: split the input as the connection's decoder would.
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let bytes = Array(line)
            let answer = waitFor { await daemon.dispatcher.answer(line: bytes, caller: caller) }
            if let answer { precondition(!answer.contains(UInt8(ascii: "\n")), "an answer spans two lines") }
        }
        daemon.connectionClosed(connection)
    }

    /// The result of async work, waited for on this thread: libFuzzer's entry point is synchronous. The task is
    /// awaited before this returns, so it never outlives its caller.
    static func waitFor<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }

    /// The bytes as a theme file: parsed and, when it has no errors, served as a theme on the preset, with every
    /// key it defines resolved in two contexts and explained.
    public static func themeFile(_ bytes: [UInt8]) {
        let file = ThemeFile.parse(path: "fuzz.json", bytes: bytes, themeName: "fuzz")
        guard file.errors.isEmpty else { return }
        let (own, _, errors) = ThemeAssembler.merge(name: "fuzz", files: [file])
        guard errors.isEmpty else { return }
        let layers = [Preset.layer, own]
        guard
            ThemeAssembler.validate(
                nodes: own.nodes, own: own, layers: layers, graph: ReferenceGraph(layers: layers)
            ).isEmpty
        else { return }
        let session = StyleTheme(ThemeSnapshot(name: "fuzz", generation: 1, layers: layers)).session()
        var dark = StyleContext()
        dark.colorScheme = .dark
        for attribute in Attribute.allCases {
            for key in own.keys(attribute) {
                for context in [StyleContext(), dark] { _ = try? session.resolve(attribute, key, context: context) }
                _ = try? session.explain(attribute, key)
            }
        }
    }

    /// The bytes as a DTCG token file, `fuzz.tokens.json` alone in a root: loaded by a theme store through the
    /// daemon's own path (discovery, reading, parsing, compiling the tokens, building on the preset), then every
    /// key the file defines resolved and explained in every context its modifiers and the built-in ones select.
    /// Returns how many keys were (0: the theme does not serve).
    @discardableResult public static func tokensFile(_ bytes: [UInt8]) -> Int {
        loadAndResolve(theme: "fuzz", files: ["fuzz.tokens.json": bytes])
    }

    /// The bytes as a DTCG resolver, `brand.resolver.json`, beside the token files of the theme tests'
    /// `DTCGFixture` (laid out the way real design systems are), loaded and served like `tokensFile`. The
    /// fixture's manifest is left out: its modifier mapping would fail every resolver but the fixture's own.
    @discardableResult public static func resolverFile(_ bytes: [UInt8]) -> Int {
        var files = resolverNeighbours
        files["brand.resolver.json"] = bytes
        return loadAndResolve(theme: "brand", files: files)
    }

    /// The files beside the fuzzed resolver: the fixture's, its own resolver and manifest left out.
    static let resolverNeighbours: [String: [UInt8]] = Dictionary(
        uniqueKeysWithValues: DTCGFixture.files.filter {
            !["brand.resolver.json", "brand/manifest.json"].contains($0.path)
        }.map {
            ($0.path, Array($0.text.utf8))
        })

    /// A root holding `files` (paths relative to it) in memory, loaded by a fresh store; the theme `theme`, when
    /// it serves, resolved key by key (how many are returned). A file the store reads must be one of them.
    static func loadAndResolve(theme: String, files: [String: [UInt8]]) -> Int {
        let fileSystem = MemoryFileSystem(root: "/fuzz", files: files)
        let store = ThemeStore(roots: [ThemeRoot(path: "/fuzz", origin: .config)], fileSystem: fileSystem)
        store.reloadAll()
        let info = store.infos.first { $0.name == theme }
        precondition(info != nil, "the theme is not listed")
        // Loading the same files again changes nothing and keeps the theme's state.
        store.apply(changedPaths: Set(files.keys.map { "/fuzz/\($0)" }))
        precondition(store.infos.first { $0.name == theme }?.state == info?.state, "a reload without change moved")
        guard let served = store.theme(named: theme) else { return 0 }
        let snapshot = served.snapshot
        let session = served.session()
        var contexts = [StyleContext()]
        var dark = StyleContext()
        dark.colorScheme = .dark
        dark.contrast = .high
        contexts.append(dark)
        for modifier in snapshot.modifiers {
            for name in modifier.contexts.prefix(4) {
                var context = StyleContext()
                context.vars[modifier.name] = .string(name)
                contexts.append(context)
            }
        }
        // The keys of the theme's own layer: the preset's are the theme parser's target's.
        var count = 0
        for layer in snapshot.layers where layer.name == theme {
            for attribute in Attribute.allCases {
                for key in layer.keys(attribute).prefix(512) {
                    for context in contexts { _ = try? session.resolve(attribute, key, context: context) }
                    _ = try? session.explain(attribute, key)
                    count += 1
                }
            }
        }
        return count
    }

    /// The bytes as the query string of a preview request (`/api/METHOD?QUERY`): parsed, checked, and made into
    /// each method's params the way the preview's responder does. A query the preview lets through must make a
    /// request line the daemon reads as that request: it answers it under the id it was sent with. Returns how
    /// many requests the daemon answered.
    @discardableResult public static func previewQuery(_ bytes: [UInt8]) -> Int {
        let query = PreviewQuery(String(decoding: bytes, as: UTF8.self))
        _ = try? query.selector()
        let validated = (try? query.validate()) != nil
        _ = try? query.params(names: ["selector"])
        var answered = 0
        for (method, names, json, withContext) in previewMethods {
            guard var params = try? query.params(names: names, json: json, withContext: withContext) else { continue }
            if method == .resolveElement, let element = query["element"], element.hasPrefix("{") {
                guard let value = try? Jansson.parse(element) else { continue }
                params["element"] = value
            }
            guard validated else { continue }
            var encoded: [UInt8] = []
            Jansson.encode(RequestEnvelope(id: .integer(7), method: method, params: params).json, into: &encoded)
            let line = encoded
            precondition(!line.contains(UInt8(ascii: "\n")), "a request line spans two lines")
            guard let connection = daemon.connectionOpened() else { continue }
            let caller = Caller(connection: connection, sink: Sink())
            let answer = waitFor { await daemon.dispatcher.answer(line: line, caller: caller) }
            daemon.connectionClosed(connection)
            guard let answer else { preconditionFailure("no answer to \(method)") }
            let id = (try? Jansson.parse(bytes: answer))?["id"]
            precondition(id == .integer(7), "the daemon could not read the preview's request: \(answer.count) bytes")
            answered += 1
        }
        return answered
    }

    /// The methods the preview's API serves, with the params each takes from the query (`PreviewResponder.params`).
    static let previewMethods: [(Method, Set<String>, Set<String>, Bool)] = [
        (.themes, [], [], false),
        (.keys, ["theme", "attribute"], [], false),
        (.resolve, ["theme", "attribute", "key"], ["queries", "overrides"], true),
        (.explain, ["theme", "attribute", "key"], ["overrides"], true),
        (.resolveContainer, ["theme"], ["overrides"], true),
        (.resolveElement, ["theme", "element"], ["define", "overrides"], true),
    ]

    /// Runs every file given (directories: every file in them) through `target`; for the corpus runners.
    public static func replay(_ paths: [String], _ target: ([UInt8]) -> Void) -> Int {
        var count = 0
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let files =
                isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                target(Array(data))
                count += 1
            }
        }
        return count
    }

    /// The main of a fuzzing executable without libFuzzer (an ordinary build): replays the files or directories
    /// given through `target`, and says how many.
    public static func replayMain(_ what: String, _ target: ([UInt8]) -> Void) {
        let count = replay(Array(CommandLine.arguments.dropFirst()), target)
        print("replayed \(count) input(s) through \(what)")
    }

    #if FUZZING
    /// Runs libFuzzer's driver on `callback` (the main of a fuzzing executable built with `-sanitize=fuzzer`).
    public static func runLibFuzzer(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, callback)
    }
    #endif
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif
