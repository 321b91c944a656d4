import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleSystem
import SnapStyleThemes

/// The methods only a running daemon answers, in place: `ping`, `status`, `subscribe`, `unsubscribe`.
struct DaemonMethods: Sendable {

    let methods: StyleMethods
    /// The store `methods` answer from.
    let store: ThemeStore
    let subscriptions: SubscriptionRegistry
    let statistics: DaemonStatistics
    /// Changes every time the daemon starts.
    let instance: String
    let socketPath: String

    func ping(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        _ = try Params(params, allowed: [])
        return PingResult().json
    }

    func status(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        _ = try Params(params, allowed: [])
        let counters = statistics.snapshot
        var status = DaemonStatus()
        status.instance = instance
        status.pid = Int(CurrentProcess.id)
        status.uptimeSeconds = Int(statistics.uptime.components.seconds)
        status.socket = socketPath
        status.roots = store.roots.map(\.path)
        status.themes = store.servedNames.count
        status.connections = counters.connections
        status.subscriptions = subscriptions.count
        status.cache = store.statistics
        status.cacheMaxBytes = store.cacheBudget.bytes
        status.reloads.count = counters.reloads
        status.reloads.lastMillis = counters.lastReloadMillis
        status.reloads.lastAt = counters.lastReloadAt
        status.watches = statistics.watchCount
        return status.json
    }

    func unsubscribe(_ params: JSONValue?, caller: Caller) throws(RPCError) -> JSONValue {
        let id = try Params(params, allowed: ["subscription"]).requiredString("subscription")
        guard subscriptions.remove(id, connection: caller.connection) else {
            throw .invalidParams("subscription", "no subscription '\(id)' on this connection")
        }
        return UnsubscribeResult().json
    }

    func subscribe(_ params: JSONValue?, caller: Caller) throws(RPCError) -> JSONValue {
        let p = try Params(params, allowed: ["themes", "queries", "since"])
        var themes: Set<String>?
        if let list = try p.array("themes") {
            themes = []
            for (index, name) in list.enumerated() {
                guard let name = name.stringValue else { throw .invalidParams("themes.\(index)", "expected a name") }
                themes?.insert(name)
            }
        }
        let (subscriptionCount, queryCount) = subscriptions.count(connection: caller.connection)
        guard subscriptionCount < Limits.subscriptionsPerConnection else {
            throw .limitExceeded("subscriptions per connection", limit: Limits.subscriptionsPerConnection)
        }
        let list = try p.array("queries") ?? []
        guard queryCount + list.count <= Limits.queriesPerConnection else {
            throw .limitExceeded("subscribed queries per connection", limit: Limits.queriesPerConnection)
        }
        var queries: [SubscribedQuery] = []
        for (index, entry) in list.enumerated() {
            let q = try p.nested(
                entry, at: "queries.\(index)", allowed: ["id", "attribute", "key", "context", "theme"])
            guard let clientID = q["id"] else { throw .invalidParams(q.field("id"), "missing") }
            let attribute = try q.attribute()
            let key = try q.key()
            let context = try q.context()
            let theme = try q.string("theme") ?? methods.defaultTheme
            let value = try methods.currentValue(theme: theme, attribute: attribute, key: key, context: context)
            queries.append(
                SubscribedQuery(
                    clientID: clientID, attribute: attribute, key: key, context: context, theme: theme, lastValue: value
                ))
        }
        var generations: [String: Int] = [:]
        for name in store.servedNames where themes?.contains(name) ?? true {
            generations[name] = store.theme(named: name)?.snapshot.generation ?? 0
        }
        var missed = false
        if let since = p["since"] {
            guard let point = SubscriptionPoint(json: since) else {
                throw .invalidParams("since", "expected {\"instance\", \"generation\"}")
            }
            missed = point.instance != instance || point.generation < (generations.values.max() ?? 0)
        }
        // Only a request that is answered with a result makes a subscription.
        let id = subscriptions.add(connection: caller.connection, themes: themes, queries: queries, sink: caller.sink)
        return SubscribeResult(
            subscription: id, instance: instance, generations: generations,
            values: queries.map { QueryValue(id: $0.clientID, value: $0.lastValue) }, missed: missed
        ).json
    }
}

extension StyleMethods {
    /// A query's value now (null when it resolves to no value); errors as for `resolve`.
    func currentValue(theme name: String, attribute: Attribute, key: String, context: StyleContext)
        throws(RPCError) -> JSONValue
    {
        let theme = try theme(named: name)
        do {
            return try theme.session().resolve(attribute, key, context: context)?.json ?? .null
        } catch {
            throw .style(error)
        }
    }
}
