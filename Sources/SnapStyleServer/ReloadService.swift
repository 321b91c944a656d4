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
    let settleMillis: Int
    let roots: [String]
    /// Paths from the watcher's thread, taken by `run`.
    let pending = Locked(Pending())

    struct Pending {
        var paths = Set<String>()
        var rescan = false
        /// When the watcher last reported something: a burst is applied once it has been quiet for the settle time.
        var lastEvent = ContinuousClock.now
    }
    let kicks: AsyncStream<Void>
    let kick: AsyncStream<Void>.Continuation

    let watcher = Locked<ThemeWatcher?>(nil)

    public init(daemon: Daemon, roots: [String], settleMillis: Int) {
        changes = daemon.changes
        statistics = daemon.statistics
        self.settleMillis = settleMillis
        self.roots = roots
        (kicks, kick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Puts the inotify watches in place. Call before the themes are loaded and the socket serves, so that
    /// no change between loading and watching is missed (events that arrive meanwhile wait for `run`).
    public func startWatching() throws {
        let watcher = ThemeWatcher(roots: roots, logger: changes.logger) { [weak self] event in self?.receive(event) }
        try watcher.start()
        self.watcher.withLock { $0 = watcher }
        changes.onRescan { [weak watcher] in watcher?.retryWatches() }
        statistics.setWatchCount(watcher.watches)
        changes.logger.info("watching \(roots.count) root(s) with \(watcher.watches) inotify watch(es)")
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

    /// Waits until the watcher has been quiet for `settleMillis` (an editor's save with a backup file is several
    /// events over a few milliseconds: one change), but no longer than 50 settle times in all.
    func settle() async {
        let settle = Duration.milliseconds(settleMillis)
        let deadline = ContinuousClock.now + settle * 50
        while true {
            // Until the settle time after the last event, not a whole settle time more.
            let quietUntil = min(pending.withLock { $0.lastEvent } + settle, deadline)
            guard quietUntil > ContinuousClock.now, !Task.isCancelled else { return }
            try? await Task.sleep(until: quietUntil, clock: .continuous)
        }
    }

    public func run() async throws {
        if watcher.withLock({ $0 == nil }) { try startWatching() }
        guard let watcher = watcher.withLock({ $0 }) else { return }
        await withGracefulShutdownHandler {
            for await _ in kicks.cancelOnGracefulShutdown() {
                await settle()
                let (paths, rescan) = pending.withLock { pending in
                    defer { pending = Pending() }
                    return (pending.paths, pending.rescan)
                }
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
        } onGracefulShutdown: { [kick] in
            kick.finish()
        }
        watcher.stop()
    }
}
