import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleSystem
import SnapStyleThemes

/// Where a subscription's events go: a connection, written to on its own event loop.
public protocol EventSink: AnyObject, Sendable {
    /// Queues one line (without its newline) for the client.
    func send(line: [UInt8])
    /// Delivers the answer to a request answered later (`Reply.deferred`), or nothing for a notification, and
    /// lets the connection go on with the lines it read meanwhile.
    func resume(with line: [UInt8]?)
}

extension EventSink {
    /// Answers a deferred request (`reload`) and resumes reading the connection.
    public func resume(with line: [UInt8]?) {
        if let line { send(line: line) }
    }
}

/// A subscribed query: its last value is what the client was told.
struct SubscribedQuery: Sendable {
    var clientID: JSONValue
    var attribute: Attribute
    var key: String
    var context: StyleContext
    var theme: String
    var lastValue: JSONValue
}

struct Subscription: Sendable {
    var id: String
    var connection: Int
    /// nil: every theme.
    var themes: Set<String>?
    var queries: [SubscribedQuery]
    weak var sink: (any EventSink)?

    func wants(_ theme: String) -> Bool { themes?.contains(theme) ?? true }
}

/// Every live subscription, by id.
public final class SubscriptionRegistry: Sendable {
    struct State: Sendable {
        var subscriptions: [String: Subscription] = [:]
        var next = 1
    }

    let state = Locked(State())

    public init() {}

    func add(connection: Int, themes: Set<String>?, queries: [SubscribedQuery], sink: any EventSink) -> String {
        state.withLock { state in
            let id = "s\(state.next)"
            state.next += 1
            state.subscriptions[id] = Subscription(
                id: id, connection: connection, themes: themes, queries: queries, sink: sink)
            return id
        }
    }

    func remove(_ id: String, connection: Int) -> Bool {
        state.withLock { state in
            guard state.subscriptions[id]?.connection == connection else { return false }
            state.subscriptions[id] = nil
            return true
        }
    }

    public func removeAll(connection: Int) {
        state.withLock { state in state.subscriptions = state.subscriptions.filter { $0.value.connection != connection }
        }
    }

    func count(connection: Int) -> (subscriptions: Int, queries: Int) {
        state.withLock { state in
            let mine = state.subscriptions.values.filter { $0.connection == connection }
            return (mine.count, mine.reduce(0) { $0 + $1.queries.count })
        }
    }

    var count: Int { state.withLock { $0.subscriptions.count } }

    var all: [Subscription] { state.withLock { Array($0.subscriptions.values).sorted { $0.id < $1.id } } }

    func updateLastValues(_ id: String, _ values: [Int: JSONValue]) {
        state.withLock { state in
            for (index, value) in values where index < state.subscriptions[id]?.queries.count ?? 0 {
                state.subscriptions[id]?.queries[index].lastValue = value
            }
        }
    }
}

extension SubscriptionRegistry {
    /// Sends a report's events to every subscription that wants them (docs/protocol.md), and the subscribed
    /// queries whose values changed; `currentValue` resolves a query now.
    func broadcast(_ report: ReloadReport, currentValue: (SubscribedQuery) -> JSONValue) {
        guard !report.isEmpty else { return }
        for subscription in all {
            guard let sink = subscription.sink else { continue }
            for notification in Self.notifications(report) where subscription.wants(notification.theme) {
                sink.send(line: ResponseLine.notification(notification, subscription: subscription.id))
            }
            // Subscribed queries whose values changed, per theme, in the order of the changes.
            for change in report.changes {
                var values: [QueryValue] = []
                var updated: [Int: JSONValue] = [:]
                let structural = !change.containers.isEmpty || !change.components.isEmpty
                for (index, query) in subscription.queries.enumerated() where query.theme == change.theme {
                    guard structural || change.changed[query.attribute]?.contains(query.key) == true else { continue }
                    let value = currentValue(query)
                    guard value != query.lastValue else { continue }
                    values.append(QueryValue(id: query.clientID, value: value))
                    updated[index] = value
                }
                guard !values.isEmpty else { continue }
                updateLastValues(subscription.id, updated)
                let event = ValuesChangedEvent(theme: change.theme, generation: change.generation, values: values)
                sink.send(line: ResponseLine.notification(.valuesChanged(event), subscription: subscription.id))
            }
        }
    }

    /// A report's theme events, in the order subscribers get them: added, changed, errors, recovered, removed.
    static func notifications(_ report: ReloadReport) -> [ThemeEvent] {
        report.added.map { .themeAdded(theme: $0) }
            + report.changes.map { .themeChanged($0.event) }
            + report.failures.map {
                .themeError(ThemeErrorEvent(theme: $0.theme, generation: $0.generation, errors: $0.errors.map(\.wire)))
            }
            + report.recovered.map {
                .themeRecovered(
                    ThemeRecoveredEvent(
                        theme: $0.theme, generation: $0.generation, leftOut: ListedErrors($0.tokenErrors.map(\.wire))))
            }
            + report.removed.map { .themeRemoved(theme: $0) }
    }
}
