import Logging
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleSystem
import SnapStyleThemes

/// Applies changes to the themes (the watcher's paths, rescans) one at a time, off the event loops, and sends
/// their events in generation order. Every way in is `async` and runs the blocking work on NIO's thread pool, so
/// no event loop can wait on a change.
public final class ChangeCoordinator: Sendable {
    let methods: StyleMethods
    /// The store `methods` answer from, which changes are applied to.
    let store: ThemeStore
    let subscriptions: SubscriptionRegistry
    let statistics: DaemonStatistics
    let readiness: ReadinessReporter
    let logger: Logger
    /// Serialises changes with the events they send, so events keep generation order.
    let changeLock = Locked(())
    /// Run before a rescan someone asked for (the watcher retries the watches a limit refused).
    let rescanHooks = Locked<[@Sendable () -> Void]>([])
    /// Run after a change that left a very large theme to a deferred compile (`DeferredCompiles`).
    let deferredHooks = Locked<[@Sendable () -> Void]>([])
    /// Run after every change with its report, once its events are sent (`BuildService`).
    let changeHooks = Locked<[@Sendable (ReloadReport) -> Void]>([])

    public init(
        methods: StyleMethods, store: ThemeStore, subscriptions: SubscriptionRegistry, statistics: DaemonStatistics,
        readiness: ReadinessReporter, logger: Logger
    ) {
        self.methods = methods
        self.store = store
        self.subscriptions = subscriptions
        self.statistics = statistics
        self.readiness = readiness
        self.logger = logger
    }

    /// Runs `hook` before every rescan someone asked for (SIGHUP, `reload`).
    public func onRescan(_ hook: @escaping @Sendable () -> Void) { rescanHooks.withLock { $0.append(hook) } }

    /// Runs `hook` with the report of every change, once its events are sent.
    public func onChange(_ hook: @escaping @Sendable (ReloadReport) -> Void) {
        changeHooks.withLock { $0.append(hook) }
    }

    /// Runs `hook` after every change that leaves a very large theme to a deferred compile.
    public func onDeferred(_ hook: @escaping @Sendable () -> Void) { deferredHooks.withLock { $0.append(hook) } }

    /// Reads and compiles a very large theme's change holding no lock, then puts it in place and sends its events,
    /// as any change. Both on one thread of NIO's pool: the build reuses the heap the compile freed (on two, each
    /// thread's own malloc arena kept its part, and the peak grew by a fifth).
    @discardableResult
    public func compileDeferred(_ job: ThemeStore.DeferredCompile) async -> ReloadReport {
        await BlockingWork.run { [self] in
            store.run(job)
            return change(reason: "theme \(job.theme) compiled", notifying: false) { store.install(job) }
        }
    }

    /// Applies file changes from the watcher and sends the events.
    @discardableResult
    public func apply(changedPaths: Set<String>) async -> ReloadReport {
        await BlockingWork.run { [self] in
            change(reason: "\(changedPaths.count) path(s) changed", notifying: false) {
                store.apply(changedPaths: changedPaths)
            }
        }
    }

    /// Rescans every root, telling systemd around it (`RELOADING=1` … `READY=1`); `requested` first lets the
    /// watcher retry the watches a limit refused (SIGHUP, `reload`).
    @discardableResult
    public func rescan(reason: String, requested: Bool = true) async -> ReloadReport {
        await BlockingWork.run { [self] in
            if requested { for hook in rescanHooks.withLock({ $0 }) { hook() } }
            return change(reason: reason, notifying: true) { store.reloadAll() }
        }
    }

    private func change(reason: String, notifying: Bool, _ body: () -> ReloadReport) -> ReloadReport {
        changeLock.withLock { _ in
            if notifying { readiness.reloading() }
            let start = ContinuousClock.now
            let report = body()
            let duration = ContinuousClock.now - start
            statistics.reloaded(in: duration)
            logger.log(report, reason: reason)
            subscriptions.broadcast(report) { query in
                (try? methods.currentValue(
                    theme: query.theme, attribute: query.attribute, key: query.key, context: query.context)) ?? .null
            }
            if notifying { readiness.ready() } else { readiness.status() }
            if MemoryTrim.isWorthTrimming(after: report, took: duration) { MemoryTrim.trimNow() }
            if !report.deferred.isEmpty { for hook in deferredHooks.withLock({ $0 }) { hook() } }
            if !report.isEmpty { for hook in changeHooks.withLock({ $0 }) { hook(report) } }
            return report
        }
    }
}

extension Logger {
    /// Logs what a change did: changed themes, errors with where, fixes, themes added or removed, misnamed entries.
    public func log(_ report: ReloadReport, reason: String) {
        for change in report.changes {
            let count = change.changed.values.reduce(0) { $0 + $1.count }
            let leftOut = change.tokenErrors.isEmpty ? "" : ", \(change.tokenErrors.count) token(s) in error left out"
            info("theme \(change.theme) generation \(change.generation): \(count) key(s) changed\(leftOut) (\(reason))")
        }
        for failure in report.failures {
            for error in failure.errors {
                let serving =
                    failure.generation > 0
                    ? "still serving generation \(failure.generation)"
                    : "not loaded: it has never loaded without errors"
                warning("theme \(failure.theme): \(error) (\(serving))")
            }
        }
        for recovery in report.recovered {
            notice("theme \(recovery.theme) fixed: its files load again (generation \(recovery.generation))")
        }
        for path in report.misnamed {
            warning(
                """
                ignoring \(path): theme names are lowercase letters, digits, '.', '_' and '-', starting with a letter \
                or digit ([a-z0-9][a-z0-9._-]*); rename it to load it
                """)
        }
        for name in report.added { info("theme \(name) added") }
        for name in report.removed { info("theme \(name) removed") }
    }
}
