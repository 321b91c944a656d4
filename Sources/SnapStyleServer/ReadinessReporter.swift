import SnapStyleSystem
import SnapStyleThemes

/// Tells systemd (and the log's ready line) where the daemon stands: ready, reloading, its status line, stopping.
public struct ReadinessReporter: Sendable {
    let notifier: SystemdNotifier
    let store: ThemeStore
    let socketPath: String

    public init(notifier: SystemdNotifier, store: ThemeStore, socketPath: String) {
        self.notifier = notifier
        self.store = store
        self.socketPath = socketPath
    }

    /// `serving N theme(s)[, K with errors] on SOCKET`.
    public var statusLine: String {
        let themes = store.servedNames.count
        let errors = store.infos.filter { !$0.errors.isEmpty }.count
        return "serving \(themes) theme(s)" + (errors > 0 ? ", \(errors) with errors" : "") + " on \(socketPath)"
    }

    public func ready() { notifier.ready(status: statusLine) }
    func reloading() { notifier.reloading() }
    func status() { notifier.status(statusLine) }
    func stopping() { notifier.stopping() }
}
