import SnapStyleEngine
import SnapStyleJSON

/// Where a subscription's events go: a connection, written to on its own event loop.
public protocol EventSink: AnyObject, Sendable {
    /// Queues one line (without its newline) for the client.
    func send(line: [UInt8])
    /// Delivers the answer to a request that was answered later (`Daemon.Reply.later`), or nothing for a
    /// notification, and lets the connection go on with the lines it read meanwhile.
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
final class SubscriptionRegistry: Sendable {
    struct State: Sendable {
        var subscriptions: [String: Subscription] = [:]
        var next = 1
    }

    let state = Locked(State())

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

    func removeAll(connection: Int) {
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
