import Foundation
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
/// themes it touched are rebuilt by a `BuildKeeper`. The config file is read again when its content changes (it is
/// polled, since it usually lies outside the theme roots): a config that loads and whose outputs resolve replaces
/// the running one and every output is rebuilt; a broken one is reported and the last good config keeps running.
public final class BuildWatch: Sendable {
    let project: BuildProject
    let logger: Logger
    /// The watcher's events, from its thread, until they settle.
    let events: SettledEvents
    /// How often the config file is read to see whether it changed.
    let configPoll: Duration

    public init(
        project: BuildProject, settleMillis: Int = 10, configPoll: Duration = .milliseconds(100), logger: Logger
    ) {
        self.project = project
        self.logger = logger
        self.configPoll = configPoll
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
        let source = BuildSource(methods: methods)
        var keeper = BuildKeeper(project: project)
        let loaded = store.reloadAll()
        var first = await keeper.refreshAll(source: source)
        first.problems += keeper.problems(in: loaded)
        report(first)
        let configFile = URL(fileURLWithPath: project.configuration.file).standardizedFileURL.path
        let poll = Task { [events, configPoll] in
            var last = Self.read(configFile)
            while !Task.isCancelled {
                try? await Task.sleep(for: configPoll)
                let now = Self.read(configFile)
                if now != last {
                    last = now
                    events.receive(.changed([configFile]))
                }
            }
        }
        defer { poll.cancel() }
        await withTaskCancellationHandler {
            for await _ in events.kicks {
                await events.settle()
                let batch = events.take()
                var (paths, rescan) = (batch.paths, batch.rescan)
                var reloadedConfig: String?
                if paths.remove(configFile) != nil {
                    switch await reload(keeper.project, source: source) {
                    case .success(let project):
                        keeper = BuildKeeper(project: project)
                        rescan = true
                        reloadedConfig = project.configuration.file
                    case .failure(let problem):
                        var refresh = BuildKeeper.Refresh()
                        refresh.problems = [problem.description]
                        report(refresh)
                    }
                }
                if rescan {
                    let change = store.reloadAll()
                    var refresh = await keeper.refreshAll(source: source)
                    refresh.problems += keeper.problems(in: change)
                    refresh.reloadedConfig = reloadedConfig
                    report(refresh)
                } else if !paths.isEmpty {
                    let refresh = await keeper.refresh(after: store.apply(changedPaths: paths), source: source)
                    if !refresh.written.isEmpty || !refresh.problems.isEmpty { report(refresh) }
                }
            }
        } onCancel: { [events] in
            events.finish()
        }
    }

    /// The config read again (`BuildProject.reloaded`), refused when it names other theme roots: the watcher keeps
    /// the roots it started with.
    func reload(_ running: BuildProject, source: BuildSource) async -> Result<BuildProject, BuildError> {
        let project: BuildProject
        do { project = try await running.reloaded(source: source) } catch { return .failure(error) }
        guard project.roots == running.roots else {
            return .failure(
                BuildError(
                    .invalidConfiguration,
                    "the theme roots changed; restart snapstyle build --watch to watch them (the last good config "
                        + "keeps running)", file: running.configuration.file))
        }
        return .success(project)
    }

    static func read(_ file: String) -> Data? { FileManager.default.contents(atPath: file) }
}
