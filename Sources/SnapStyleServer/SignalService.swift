import ServiceLifecycle
import SnapStyleSystem
import UnixSignals

/// Full rescans someone asked for: SIGHUP (`systemctl --user reload snapstyled`), and the `reload` requests that
/// wait for a rescan (`RescanRequests.serve()`).
public struct ReloadSignalService: Service {
    let changes: ChangeCoordinator
    let rescans: RescanRequests
    let hangups: UnixSignalsSequence

    /// `hangups` must trap SIGHUP before the server says it is ready: its default action ends the process.
    public init(daemon: Daemon, hangups: UnixSignalsSequence) {
        changes = daemon.changes
        rescans = daemon.rescans
        self.hangups = hangups
    }

    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await rescans.serve() }
            for await _ in hangups.cancelOnGracefulShutdown() {
                changes.logger.info("SIGHUP: reloading every theme")
                await changes.rescan(reason: "SIGHUP")
            }
        }
    }
}

/// Pings systemd's watchdog at half of `WATCHDOG_USEC`.
public struct WatchdogService: Service {
    let notifier: SystemdNotifier
    let interval: Duration

    public init(notifier: SystemdNotifier, interval: Duration) {
        self.notifier = notifier
        self.interval = interval
    }

    public func run() async {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            notifier.watchdog()
            try? await Task.sleep(for: interval / 2)
        }
    }
}
