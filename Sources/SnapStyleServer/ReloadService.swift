import Logging
import ServiceLifecycle
import SnapStyleEngine
import SnapStyleSystem
import SnapStyleWatcher

/// Turns the watcher's events into applied changes: events within `settleMillis` are applied together
/// (an editor's atomic save is one change); a rescan request reloads everything.
public final class ReloadService: Service, Sendable {
    let changes: ChangeCoordinator
    let statistics: DaemonStatistics
    let roots: [String]
    /// The watcher's events, from its thread, until they settle.
    let events: SettledEvents

    let watcher = Locked<ThemeWatcher?>(nil)

    public init(daemon: Daemon, roots: [String], settleMillis: Int) {
        changes = daemon.changes
        statistics = daemon.statistics
        self.roots = roots
        events = SettledEvents(settleMillis: settleMillis)
    }

    /// Puts the inotify watches in place. Call before the themes are loaded and the socket serves, so that
    /// no change between loading and watching is missed (events that arrive meanwhile wait for `run`).
    public func startWatching() throws {
        let watcher = ThemeWatcher(roots: roots, logger: changes.logger) { [events] in events.receive($0) }
        try watcher.start()
        self.watcher.withLock { $0 = watcher }
        changes.onRescan { [weak watcher] in watcher?.retryWatches() }
        statistics.setWatchCount(watcher.watches)
        changes.logger.info("watching \(roots.count) root(s) with \(watcher.watches) inotify watch(es)")
    }

    public func run() async throws {
        if watcher.withLock({ $0 == nil }) { try startWatching() }
        guard let watcher = watcher.withLock({ $0 }) else { return }
        await withGracefulShutdownHandler {
            for await _ in events.kicks.cancelOnGracefulShutdown() {
                await events.settle()
                let batch = events.take()
                let (paths, rescan) = (batch.paths, batch.rescan)
                if !paths.isEmpty || rescan {
                    changes.logger.debug(
                        "watcher: \(paths.sorted().joined(separator: ", "))\(rescan ? " (rescan)" : "")")
                }
                if rescan {
                    await changes.rescan(reason: "rescan after lost events", requested: false)
                } else if !paths.isEmpty {
                    await changes.apply(changedPaths: paths)
                }
                statistics.setWatchCount(watcher.watches)
            }
        } onGracefulShutdown: { [events] in
            events.finish()
        }
        watcher.stop()
    }
}
