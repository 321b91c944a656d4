import Logging
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleSystem
import SnapStyleThemes
import SnapStyleWatcher

/// `snapstyle build --watch`: the build's theme roots loaded in-process and watched with the project's inotify
/// watcher; after every change (events settled for `settleMillis`, as the daemon settles them), the outputs of the
/// themes it touched are rebuilt by a `BuildKeeper`.
public final class BuildWatch: Sendable {
    let project: BuildProject
    let logger: Logger
    /// The watcher's events, from its thread, until they settle.
    let events: SettledEvents

    public init(project: BuildProject, settleMillis: Int = 10, logger: Logger) {
        self.project = project
        self.logger = logger
        events = SettledEvents(settleMillis: settleMillis)
    }

    /// Builds every output once, then the affected ones after each change, until the task is cancelled; `report`
    /// gets what each refresh did. Throws when the roots cannot be watched.
    public func run(report: @Sendable (BuildKeeper.Refresh) -> Void) async throws {
        let roots = project.roots
        let store = ThemeStore(
            roots: roots.map { ThemeRoot(path: $0, origin: .config) },
            fileSystem: POSIXFileSystem(maxFileBytes: Limits.fileBytes))
        // Watch first, then load: a change in between is seen.
        let watcher = ThemeWatcher(roots: roots, logger: logger) { [events] in events.receive($0) }
        try watcher.start()
        defer { watcher.stop() }
        let methods = StyleMethods(store: store, defaultTheme: "snap")
        let call: BuildCall = { method, params in
            guard let answer = try methods.answer(method, .object(params)) else {
                throw RPCError.methodNotFound(method.rawValue)
            }
            return answer
        }
        var keeper = BuildKeeper(project: project)
        let loaded = store.reloadAll()
        var first = await keeper.refreshAll(call: call)
        first.problems += keeper.problems(in: loaded)
        report(first)
        await withTaskCancellationHandler {
            for await _ in events.kicks {
                await events.settle()
                let batch = events.take()
                let (paths, rescan) = (batch.paths, batch.rescan)
                if rescan {
                    let change = store.reloadAll()
                    var refresh = await keeper.refreshAll(call: call)
                    refresh.problems += keeper.problems(in: change)
                    report(refresh)
                } else if !paths.isEmpty {
                    let refresh = await keeper.refresh(after: store.apply(changedPaths: paths), call: call)
                    if !refresh.written.isEmpty || !refresh.problems.isEmpty { report(refresh) }
                }
            }
        } onCancel: { [events] in
            events.finish()
        }
    }
}
