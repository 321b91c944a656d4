import Foundation
import Logging
import SnapStyleConfiguration
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleSystem
import SnapStyleThemes

/// The daemon's parts, wired: who answers requests, who applies changes, who counts. Transport-free: the socket
/// server (`RPCServer`) hands its connections `connectionServices`.
public final class Daemon: Sendable {
    public static let version = SnapStyleVersion.current

    public let dispatcher: RequestDispatcher
    public let changes: ChangeCoordinator
    /// `reload` requests waiting for a rescan; `ReloadSignalService` serves them.
    public let rescans: RescanRequests
    public let deferred: DeferredAnswers
    public let statistics: DaemonStatistics
    public let readiness: ReadinessReporter
    let connectionServices: ConnectionServices

    public var logger: Logger { changes.logger }

    public init(
        configuration: DaemonConfiguration, store: ThemeStore, socketPath: String, logger: Logger,
        notifier: SystemdNotifier
    ) {
        let methods = StyleMethods(store: store, defaultTheme: configuration.defaultTheme)
        let subscriptions = SubscriptionRegistry()
        statistics = DaemonStatistics(maxConnections: configuration.maxConnections)
        readiness = ReadinessReporter(notifier: notifier, store: store, socketPath: socketPath)
        changes = ChangeCoordinator(
            methods: methods, store: store, subscriptions: subscriptions, statistics: statistics, readiness: readiness,
            logger: logger)
        rescans = RescanRequests(changes: changes)
        var random = SystemRandomNumberGenerator()
        let instance = String(format: "%08x%08x", UInt32.random(in: 0...UInt32.max, using: &random), CurrentProcess.id)
        let daemonMethods = DaemonMethods(
            methods: methods, store: store, subscriptions: subscriptions, statistics: statistics, instance: instance,
            socketPath: socketPath)
        dispatcher = RequestDispatcher(
            methods: methods, daemonMethods: daemonMethods, rescans: rescans, logger: logger)
        deferred = DeferredAnswers(dispatcher: dispatcher)
        connectionServices = ConnectionServices(
            dispatcher: dispatcher, deferred: deferred, statistics: statistics, subscriptions: subscriptions,
            limits: ConnectionLimits(
                maxLineBytes: configuration.maxLineBytes, maxQueuedBytes: configuration.maxQueuedBytes),
            logger: logger)
    }
}

extension Daemon {
    /// A connection's number for an in-process caller (tests, fuzzing), or nil at the connection limit.
    public func connectionOpened() -> Int? { statistics.connectionOpened() }

    /// The in-process connection went away: its subscriptions end.
    public func connectionClosed(_ connection: Int) { connectionServices.connectionClosed(connection) }
}
