import Logging
import MCP
import SnapStyleClient
import SnapStyleProtocol
import SnapStyleVocabulary
import Synchronization

/// The resources the client subscribed to, and the daemon's events turned into MCP notifications: a theme's
/// `themeChanged` into `notifications/resources/updated` for each of its subscribed resources, a theme added or
/// removed into `notifications/resources/list_changed`. After a daemon restart (or a gap in the events) every
/// subscribed resource is said updated, and the list changed.
final class ResourceWatch: Sendable {
    private let subscribed = Mutex<Set<ThemeResource>>([])
    let socket: String?
    let logger: Logger
    /// The most resources subscribed to at once.
    let maxSubscriptions: Int

    init(socket: String?, logger: Logger, maxSubscriptions: Int = Limits.mcpSubscriptions) {
        self.socket = socket
        self.logger = logger
        self.maxSubscriptions = maxSubscriptions
    }

    /// Adds a subscription (one already there is no other); false when the session holds as many as it may.
    func subscribe(_ resource: ThemeResource) -> Bool {
        subscribed.withLock { set in
            guard set.contains(resource) || set.count < maxSubscriptions else { return false }
            set.insert(resource)
            return true
        }
    }

    /// Removes a subscription by its URI (a build file's is known by its URI alone).
    func unsubscribe(_ resource: ThemeResource) {
        subscribed.withLock { set in set = set.filter { $0.uri != resource.uri } }
    }

    /// The subscribed resources of `theme`, or all of them.
    func subscriptions(of theme: String? = nil) -> [ThemeResource] {
        subscribed.withLock { set in set.filter { theme == nil || $0.theme == theme } }.sorted { $0.uri < $1.uri }
    }

    /// Follows the daemon's events until cancelled, reconnecting when it restarts, and sends the notifications
    /// through `notify` (which may fail when the client went: then the next event tries again).
    func run(notify: @escaping @Sendable (Notice) async throws -> Void) async {
        var connectedBefore = false
        do {
            for try await event in SnapStyleClient.subscribe(socket: socket) {
                for notice in notices(for: event, reconnected: connectedBefore) {
                    do {
                        try await notify(notice)
                    } catch {
                        logger.debug("a notification was not sent: \(error)")
                    }
                }
                if case .subscribed = event { connectedBefore = true }
            }
        } catch {
            logger.error("the subscription to the daemon's events ended: \(error)")
        }
    }

    /// A notification to send.
    enum Notice: Equatable, Sendable {
        case updated(uri: String)
        case listChanged
    }

    func notices(for event: SnapStyleEvent, reconnected: Bool) -> [Notice] {
        switch event {
        case .theme(.themeChanged(let change)):
            return subscriptions(of: change.theme).map { .updated(uri: $0.uri) }
        case .theme(.themeAdded(let theme)), .theme(.themeRemoved(let theme)):
            return [.listChanged] + subscriptions(of: theme).map { .updated(uri: $0.uri) }
        case .subscribed(let result) where reconnected && result.missed:
            return [.listChanged] + subscriptions().map { .updated(uri: $0.uri) }
        case .disconnected:
            logger.warning("the daemon went away; waiting for it to come back")
            return []
        case .theme, .subscribed:
            return []
        }
    }
}
