import Foundation
import SnapStyleConfiguration
import Synchronization
import Logging
import SnapStyleEngine
import SnapStyleServer
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
