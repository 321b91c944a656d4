import ServiceLifecycle
import UnixSignals

/// Full rescans, off the event loops: SIGHUP (`systemctl --user reload snapstyled`) and `reload` requests.
public struct ReloadSignalService: Service {
    let daemon: Daemon
    let hangups: UnixSignalsSequence

    /// Traps SIGHUP now, before the server says it is ready (its default action ends the process), and from
    /// here on lets `reload` requests wait for this service's worker.
    public init(daemon: Daemon) async {
        self.daemon = daemon
        hangups = await UnixSignalsSequence(trapping: .sighup)
        daemon.acceptReloadRequests()
    }

    public func run() async throws {
        await withDiscardingTaskGroup { group in
            group.addTask { await daemon.answerReloadRequests() }
            for await _ in hangups.cancelOnGracefulShutdown() {
                daemon.logger.info("SIGHUP: reloading every theme")
                await daemon.rescan(reason: "SIGHUP")
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

    public func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            notifier.watchdog()
            try? await Task.sleep(for: interval / 2)
        }
    }
}
