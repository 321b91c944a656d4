import Foundation
import Logging
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleProtocol
import SnapStyleThemes
import Synchronization

/// The daemon's state and its answers: the theme store, the protocol methods, subscriptions, counters.
/// Transport-free: the socket server hands it lines and gets lines back.
public final class Daemon: Sendable {
    public static let version = "0.1.0"

    public let configuration: DaemonConfiguration
    public let store: ThemeStore
    public let methods: StyleMethods
    public let logger: Logger
    public let socketPath: String
    /// Changes every time the daemon starts.
    public let instance: String
    let notifier: SystemdNotifier
    let startedAt = ContinuousClock.now
    let subscriptions = SubscriptionRegistry()
    let counters = Locked(Counters())
    /// Serialises changes to themes with the events they send, so events keep generation order.
    let changeLock = Locked(())
    /// The watcher's number of inotify watches, for `status`.
    let watchCount = Atomic<Int>(0)
    /// `reload` requests waiting for the reload worker (`answerReloadRequests`), and its wake-ups.
    let reloadQueue = Locked(ReloadQueue())
    let reloadKicks: AsyncStream<Void>
    let reloadKick: AsyncStream<Void>.Continuation
    /// Run before a rescan someone asked for (the watcher retries the watches a limit refused).
    let rescanHooks = Locked<[@Sendable () -> Void]>([])

    struct Counters: Sendable {
        var connections = 0
        var nextConnection = 1
        var reloads = 0
        var lastReloadMillis = 0.0
        var lastReloadAt: String?
    }

    public init(
        configuration: DaemonConfiguration, store: ThemeStore, socketPath: String, logger: Logger,
        notifier: SystemdNotifier
    ) {
        self.configuration = configuration
        self.store = store
        self.methods = StyleMethods(store: store, defaultTheme: configuration.defaultTheme)
        self.logger = logger
        self.socketPath = socketPath
        self.notifier = notifier
        (reloadKicks, reloadKick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        var random = SystemRandomNumberGenerator()
        instance = String(format: "%08x%08x", UInt32.random(in: 0...UInt32.max, using: &random), getpid())
    }

    /// Records how many inotify watches are in place (for `status`).
    public func setWatchCount(_ count: Int) { watchCount.store(count, ordering: .relaxed) }

    /// Runs `hook` before every rescan someone asked for (SIGHUP, `reload`).
    public func onRescan(_ hook: @escaping @Sendable () -> Void) { rescanHooks.withLock { $0.append(hook) } }

    // MARK: Connections

    /// A new connection's number, or nil when the limit is reached.
    public func connectionOpened() -> Int? {
        counters.withLock { counters in
            guard counters.connections < configuration.maxConnections else { return nil }
            counters.connections += 1
            defer { counters.nextConnection += 1 }
            return counters.nextConnection
        }
    }

    /// A connection went away: its subscriptions end.
    public func connectionClosed(_ connection: Int) {
        subscriptions.removeAll(connection: connection)
        counters.withLock { $0.connections -= 1 }
    }

    // MARK: Changes

    /// Rescans everything, notifying systemd around it, and sends the events. Blocks on file I/O: the daemon
    /// calls it through `rescan(reason:)`, off the event loops.
    @discardableResult
    public func reloadAll(reason: String) -> ReloadReport {
        changeLock.withLock { _ in
            notifier.reloading()
            let report = timed { store.reloadAll() }
            log(report, reason: reason)
            broadcast(report)
            notifier.ready(status: statusLine)
            return report
        }
    }

    /// Applies file changes from the watcher and sends the events.
    @discardableResult
    public func apply(changedPaths: Set<String>) -> ReloadReport {
        changeLock.withLock { _ in
            let report = timed { store.apply(changedPaths: changedPaths) }
            log(report, reason: "\(changedPaths.count) path(s) changed")
            broadcast(report)
            notifier.status(statusLine)
            return report
        }
    }

    func timed(_ body: () -> ReloadReport) -> ReloadReport {
        let start = ContinuousClock.now
        let report = body()
        let elapsed = ContinuousClock.now - start
        let now = Date()
        counters.withLock { counters in
            counters.reloads += 1
            counters.lastReloadMillis =
                Double(elapsed.components.seconds) * 1000
                + Double(elapsed.components.attoseconds) / 1e15
            counters.lastReloadAt = now.formatted(.iso8601)
        }
        return report
    }

    /// Logs what a change did: changed themes, errors with where, fixes, themes added or removed, misnamed entries.
    public func log(_ report: ReloadReport, reason: String) {
        for change in report.changes {
            let count = change.changed.values.reduce(0) { $0 + $1.count }
            logger.info(
                "theme \(change.theme) generation \(change.generation): \(count) key(s) changed (\(reason))")
        }
        for failure in report.failures {
            for error in failure.errors {
                let serving =
                    failure.generation > 0
                    ? "still serving generation \(failure.generation)"
                    : "not loaded: it has never loaded without errors"
                logger.warning("theme \(failure.theme): \(error) (\(serving))")
            }
        }
        for recovery in report.recovered {
            logger.notice("theme \(recovery.theme) fixed: its files load again (generation \(recovery.generation))")
        }
        for path in report.misnamed {
            logger.warning(
                """
                ignoring \(path): theme names are lowercase letters, digits, '.', '_' and '-', starting with a letter \
                or digit ([a-z0-9][a-z0-9._-]*); rename it to load it
                """)
        }
        for name in report.added { logger.info("theme \(name) added") }
        for name in report.removed { logger.info("theme \(name) removed") }
    }

    public var statusLine: String {
        let themes = store.servedNames.count
        let errors = store.infos.filter { !$0.errors.isEmpty }.count
        return "serving \(themes) theme(s)" + (errors > 0 ? ", \(errors) with errors" : "") + " on \(socketPath)"
    }
}
