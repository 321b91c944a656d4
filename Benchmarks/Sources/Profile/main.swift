import BenchmarkSupport
import Foundation
import Logging
import SnapStyleConfiguration
import SnapStyleEngine
import SnapStyleExport
import SnapStyleServer
import SnapStyleSystem
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleThemes

// A driver for profilers (valgrind --tool=callgrind): runs one scenario many times.
// Usage: Profile SCENARIO [iterations] [legacy|dtcg]
let scenario = CommandLine.arguments.dropFirst().first ?? "cached"
let iterations = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 10_000
/// `studio-*` scenarios: `dtcg` as the third argument writes the project in Tokens Studio's DTCG option.
let studioSyntax = CommandLine.arguments.dropFirst(3).first.flatMap(GeneratedStudioProject.Syntax.init) ?? .legacy
let preset = ThemeStore(roots: [])
preset.reloadAll()
let tenMembers = try! StyleContext(
    json: .object([
        "colorScheme": "dark", "contrast": "high", "platform": "ios", "dynamicType": "accessibility3",
        "scaleFactor": 1.25, "fontDesign": "rounded", "fontWidth": "expanded", "elevation": 1,
        "stack": .array([.object(["component": "screen"]), .object(["component": "contentCard"])]),
        "element": .object(["type": "title", "hierarchy": "secondary"]),
    ]))
switch scenario {
case "cached":
    let session = preset.theme(named: "snap")!.session()
    for _ in 0..<iterations { _ = try session.resolve(.font, "title", context: tenMembers) }
case "chain":
    var layer = ThemeLayer(name: "chain")
    let location = SourceLocation(file: "chain.json", line: 1, column: 1)
    for level in 0..<5 {
        let next = Definition.ref("c\(level + 1)", adjust: [])
        let when = Definition.when(
            [
                .init(
                    predicate: Predicate(tests: [.init(member: .colorScheme, matcher: .equals(.string("dark")))]),
                    then: next)
            ],
            else: next)
        layer.set(.number, "c\(level)", DefinitionEntry(definition: when, location: location))
    }
    layer.set(.number, "c5", DefinitionEntry(definition: .value(.number(.constant(8))), location: location))
    let theme = StyleTheme(
        ThemeSnapshot(name: "chain", generation: 1, layers: preset.theme(named: "snap")!.snapshot.layers + [layer]))
    let session = theme.session()
    for index in 0..<iterations {
        var context = StyleContext()
        context.vars["i"] = .number(Double(index))
        _ = try session.resolve(.number, "c0", context: context)
    }
case "uncached":
    let session = preset.theme(named: "snap")!.session()
    for index in 0..<iterations {
        var context = StyleContext()
        context.vars["i"] = .number(Double(index))
        _ = try session.resolve(.surface, "accentBackground", context: context)
    }
case "load":
    let generated = GeneratedTheme()
    for _ in 0..<iterations {
        let store = ThemeStore(roots: [ThemeRoot(path: generated.root, origin: .config)])
        store.reloadAll()
    }
    generated.remove()
case "change":
    let generated = GeneratedTheme()
    let store = ThemeStore(roots: [ThemeRoot(path: generated.root, origin: .config)])
    store.reloadAll()
    let theme = store.theme(named: "big")!
    let keys = (0..<generated.keys).map { "k\($0)" }
    for key in keys { _ = try theme.session().resolve(.number, key) }
    var total = 0.0
    for index in 0..<iterations {
        generated.write(file: 0, variant: index + 1)
        let start = ContinuousClock.now
        store.apply(changedPaths: [generated.path(file: 0)])
        let elapsed = ContinuousClock.now - start
        total += Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
        let session = theme.session()
        for key in keys { _ = try session.resolve(.number, key) }
    }
    print("mean apply: \(total / Double(iterations)) µs")
    generated.remove()
case "handle":
    final class Sink: EventSink { func send(line: [UInt8]) {} }
    let daemon = Daemon(
        configuration: DaemonConfiguration(), store: preset, socketPath: "/nowhere", logger: Logger(label: "profile"),
        notifier: SystemdNotifier(environment: [:]))
    let line = Array(
        "{\"jsonrpc\":\"2.0\",\"id\":17,\"method\":\"resolve\",\"params\":{\"attribute\":\"font\",\"key\":\"title\",\"context\":{\"colorScheme\":\"dark\"}}}"
            .utf8)
    let caller = Caller(connection: 1, sink: Sink())
    let start = ContinuousClock.now
    // What a connection's event loop runs for each line: the dispatcher's in-place path, writing into the
    // connection's output buffer.
    let space = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    for _ in 0..<iterations {
        guard case .written = line.withUnsafeBytes({ daemon.dispatcher.reply(to: $0, caller: caller, space: space) })
        else { fatalError("the resolve was not answered in place") }
    }
    space.deallocate()
    print("per request:", (ContinuousClock.now - start) / iterations)
case "tokens-write":
    // Leaves the generated Primer-shaped theme on disk and prints its root (for Benchmarks/lsp-bench.py).
    print(GeneratedTokens().root)
case "tokens-load":
    let tokens = GeneratedTokens()
    var stores: [ThemeStore] = []
    let start = ContinuousClock.now
    for _ in 0..<iterations {
        let store = ThemeStore(roots: [ThemeRoot(path: tokens.root, origin: .config)])
        store.reloadAll()
        stores.append(store)
    }
    print("per load:", (ContinuousClock.now - start) / iterations)
    stores.removeAll()
    let store = ThemeStore(roots: [ThemeRoot(path: tokens.root, origin: .config)])
    store.reloadAll()
    if let info = store.infos.first(where: { $0.name == GeneratedTokens.theme }) {
        print("\(info.tokens) tokens, \(info.warnings.count) warnings, \(info.errors.count) errors")
    }
    tokens.remove()
case "tokens-change":
    let tokens = GeneratedTokens()
    let store = ThemeStore(roots: [ThemeRoot(path: tokens.root, origin: .config)])
    store.reloadAll()
    var total = 0.0
    for index in 0..<iterations {
        tokens.writeDark(variant: index + 1)
        let start = ContinuousClock.now
        let report = store.apply(changedPaths: [tokens.darkPath])
        let elapsed = ContinuousClock.now - start
        precondition(report.changes.count == 1, "\(report)")
        total += Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6
    }
    print("mean apply: \(total / Double(iterations)) µs")
    tokens.remove()
case "tokens-cached":
    let tokens = GeneratedTokens()
    let store = ThemeStore(roots: [ThemeRoot(path: tokens.root, origin: .config)])
    store.reloadAll()
    let theme = store.theme(named: GeneratedTokens.theme)!
    let session = theme.session()
    let dark = try! StyleContext(json: .object(["colorScheme": "dark", "vars": .object(["theme": "dark"])]))
    let prepared = try session.prepare(dark)
    for key in [GeneratedTokens.aliasOfEdited, GeneratedTokens.nativeAlias] {
        _ = try session.resolve(.surface, key, in: prepared)
        let before = theme.statistics
        let start = ContinuousClock.now
        for _ in 0..<iterations { _ = try session.resolve(.surface, key, in: prepared) }
        let after = theme.statistics
        print(
            key, (ContinuousClock.now - start) / iterations, "hits", after.hits - before.hits, "misses",
            after.misses - before.misses)
    }
    tokens.remove()
case "corpus":
    // `Profile corpus ROOT [runs]`: each DTCG theme of a root (the public design systems of
    // terrazzoapp/dtcg-examples) loaded alone: tokens, warnings, errors, median load time.
    let root = CommandLine.arguments.dropFirst(2).first ?? "."
    let runs = CommandLine.arguments.dropFirst(3).first.flatMap { Int($0) } ?? 20
    let all = ThemeStore(roots: [ThemeRoot(path: root, origin: .config)])
    all.reloadAll()
    for info in all.infos where info.format == .dtcg {
        // The theme alone in a root of its own: its resolver or token file, and its directory.
        let alone = NSTemporaryDirectory() + "snapstyle-corpus-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        for name in [info.name + ".resolver.json", info.name + ".tokens.json", info.name] {
            try? FileManager.default.copyItem(atPath: root + "/" + name, toPath: alone + "/" + name)
        }
        var times: [Double] = []
        var loaded = all
        for _ in 0..<runs {
            let start = ContinuousClock.now
            loaded = ThemeStore(roots: [ThemeRoot(path: alone, origin: .config)])
            loaded.reloadAll()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        try? FileManager.default.removeItem(atPath: alone)
        let mine = loaded.infos.first { $0.name == info.name } ?? info
        print(
            String(
                format: "%@: %d tokens, %d warnings, %d errors, load median %.1f ms", info.name, mine.tokens,
                mine.warnings.count, mine.errors.count, times.sorted()[times.count / 2]))
    }
case "studio-load":
    // The Tokens Studio project of the Primer-shaped system's size: median load, and what it loaded.
    let project = GeneratedStudioProject(syntax: studioSyntax)
    var times: [Double] = []
    for _ in 0..<iterations {
        let start = ContinuousClock.now
        let store = ThemeStore(roots: [ThemeRoot(path: project.root, origin: .config)])
        store.reloadAll()
        times.append(milliseconds(ContinuousClock.now - start))
        if times.count == 1, let info = store.infos.first(where: { $0.name == GeneratedStudioProject.theme }) {
            print(
                "\(info.tokens) tokens, \(info.warnings.count) warnings, \(info.errors.count) errors \(info.errors.prefix(3))"
            )
        }
    }
    print(String(format: "Tokens Studio load: median %.1f ms, max %.1f ms", median(times), times.max() ?? 0))
    project.remove()
case "studio-change":
    let project = GeneratedStudioProject(syntax: studioSyntax)
    let store = ThemeStore(roots: [ThemeRoot(path: project.root, origin: .config)])
    store.reloadAll()
    var times: [Double] = []
    for index in 0..<iterations {
        project.writeDark(variant: index + 1)
        let start = ContinuousClock.now
        let report = store.apply(changedPaths: [project.darkPath])
        times.append(milliseconds(ContinuousClock.now - start))
        precondition(report.changes.count == 1, "\(report)")
    }
    print(String(format: "Tokens Studio one dark token, apply: median %.2f ms", median(times)))
    project.remove()
case "studio-css":
    // `snapstyle export --format css` of the project, in process: keys, resolve every own key, write the CSS.
    let project = GeneratedStudioProject(syntax: studioSyntax)
    let store = ThemeStore(roots: [ThemeRoot(path: project.root, origin: .config)])
    store.reloadAll()
    let methods = StyleMethods(store: store, defaultTheme: "snap")
    let params: JSONObject = ["theme": .string(GeneratedStudioProject.theme)]
    var times: [Double] = []
    var size = 0
    for index in 0..<iterations {
        // Every other export follows an edit, so that half of them resolve from an emptied cache.
        if index % 2 == 1 {
            project.writeDark(variant: index)
            store.apply(changedPaths: [project.darkPath])
        }
        let start = ContinuousClock.now
        let keys = ThemeExport.exportedKeys(try methods.answer(.keys, .object(params))!, inherited: false)
        let theme = try await ThemeExport.resolve(keys: keys, params: params, context: [:]) {
            try methods.answer($0, .object($1))!
        }
        size = ThemeExport.css([theme]).utf8.count
        times.append(milliseconds(ContinuousClock.now - start))
    }
    print(
        String(
            format: "Tokens Studio CSS export (%d bytes): median %.1f ms, max %.1f ms", size, median(times),
            times.max() ?? 0))
    project.remove()
default:
    print("unknown scenario \(scenario)")
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
