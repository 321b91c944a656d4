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
    let settleMillis: Int
    let logger: Logger
    let pending = Locked(Pending())
    let kicks: AsyncStream<Void>
    let kick: AsyncStream<Void>.Continuation

    struct Pending {
        var paths = Set<String>()
        var rescan = false
        var lastEvent = ContinuousClock.now
    }

    public init(project: BuildProject, settleMillis: Int = 10, logger: Logger) {
        self.project = project
        self.settleMillis = settleMillis
        self.logger = logger
        (kicks, kick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Builds every output once, then the affected ones after each change, until the task is cancelled; `report`
    /// gets what each refresh did. Throws when the roots cannot be watched.
    public func run(report: @Sendable (BuildKeeper.Refresh) -> Void) async throws {
        let roots = project.roots
        let store = ThemeStore(
            roots: roots.map { ThemeRoot(path: $0, origin: .config) },
            fileSystem: POSIXFileSystem(maxFileBytes: Limits.fileBytes))
        // Watch first, then load: a change in between is seen.
        let watcher = ThemeWatcher(roots: roots, logger: logger) { [weak self] event in self?.receive(event) }
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
            for await _ in kicks {
                await settle()
                let (paths, rescan) = pending.withLock { pending in
                    defer { pending = Pending() }
                    return (pending.paths, pending.rescan)
                }
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
        } onCancel: { [kick] in
            kick.finish()
        }
    }

    func receive(_ event: WatchEvent) {
        pending.withLock { pending in
            switch event {
            case .changed(let paths): pending.paths.formUnion(paths)
            case .rescan: pending.rescan = true
            }
            pending.lastEvent = .now
        }
        kick.yield()
    }

    /// Waits until the watcher has been quiet for the settle time (at most 50 settle times in all).
    func settle() async {
        let settle = Duration.milliseconds(settleMillis)
        let deadline = ContinuousClock.now + settle * 50
        while true {
            let quietUntil = min(pending.withLock { $0.lastEvent } + settle, deadline)
            guard quietUntil > ContinuousClock.now, !Task.isCancelled else { return }
            try? await Task.sleep(until: quietUntil, clock: .continuous)
        }
    }
}
