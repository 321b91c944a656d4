import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleThemes

extension Daemon {
    static let maxSubscriptionsPerConnection = 64
    static let maxQueriesPerConnection = 1000

    func status(_ params: JSONValue?) throws -> JSONValue {
        _ = try Params(params, allowed: [])
        let statistics = store.statistics
        let counters = self.counters.withLock { $0 }
        let uptime = ContinuousClock.now - startedAt
        return .object([
            "version": .string(Self.version), "instance": .string(instance), "pid": .integer(Int64(getpid())),
            "uptimeSeconds": .integer(uptime.components.seconds), "socket": .string(socketPath),
            "roots": .array(store.roots.map { .string($0.path) }), "themes": .integer(Int64(store.servedNames.count)),
            "connections": .integer(Int64(counters.connections)),
            "subscriptions": .integer(Int64(subscriptions.count)),
            "cache": .object([
                "entries": .integer(Int64(statistics.entries)), "hits": .integer(Int64(statistics.hits)),
                "misses": .integer(Int64(statistics.misses)),
                "invalidations": .integer(Int64(statistics.invalidations)),
                "evictions": .integer(Int64(statistics.evictions)), "bytes": .integer(Int64(statistics.bytes)),
                "maxBytes": .integer(Int64(store.cacheBudget.bytes)),
            ]),
            "reloads": .object([
                "count": .integer(Int64(counters.reloads)), "lastMillis": .number(counters.lastReloadMillis),
                "lastAt": counters.lastReloadAt.map(JSONValue.string) ?? .null,
            ]),
            "watches": .integer(Int64(watchCount.load(ordering: .relaxed))),
        ])
    }

    func reloadResult(_ report: ReloadReport) -> JSONValue {
        var changed = JSONObject()
        for change in report.changes { changed[change.theme] = change.changedJSON }
        var errors: [JSONValue] = []
        for failure in report.failures {
            for error in failure.errors {
                guard case .object(var object) = error.json else { continue }
                object.members.insert(.init(key: "theme", value: .string(failure.theme)), at: 0)
                errors.append(.object(object))
            }
        }
        return .object(["changed": .object(changed), "errors": .array(errors)])
    }

    func subscribe(_ params: JSONValue?, caller: Caller) throws -> JSONValue {
        let p = try Params(params, allowed: ["themes", "queries", "since"])
        var themes: Set<String>?
        if let list = try p.array("themes") {
            themes = []
            for (index, name) in list.enumerated() {
                guard let name = name.stringValue else {
                    throw RPCError.invalidParams("themes.\(index)", "expected a name")
                }
                themes?.insert(name)
            }
        }
        let (subscriptionCount, queryCount) = subscriptions.count(connection: caller.connection)
        guard subscriptionCount < Self.maxSubscriptionsPerConnection else {
            throw RPCError.limitExceeded("subscriptions per connection", limit: Self.maxSubscriptionsPerConnection)
        }
        var queries: [SubscribedQuery] = []
        var values: [JSONValue] = []
        let list = try p.array("queries") ?? []
        guard queryCount + list.count <= Self.maxQueriesPerConnection else {
            throw RPCError.limitExceeded("subscribed queries per connection", limit: Self.maxQueriesPerConnection)
        }
        for (index, entry) in list.enumerated() {
            let q = try p.nested(
                entry, at: "queries.\(index)", allowed: ["id", "attribute", "key", "context", "theme"])
            guard let clientID = q["id"] else { throw RPCError.invalidParams(q.field("id"), "missing") }
            let attribute = try q.attribute()
            let key = try q.key()
            let context = try q.context()
            let theme = try q.string("theme") ?? configuration.defaultTheme
            let value = try currentValue(theme: theme, attribute: attribute, key: key, context: context)
            queries.append(
                SubscribedQuery(
                    clientID: clientID, attribute: attribute, key: key, context: context, theme: theme, lastValue: value
                ))
            values.append(.object(["id": clientID, "value": value]))
        }
        var generations = JSONObject()
        for name in store.servedNames where themes?.contains(name) ?? true {
            generations[name] = .integer(Int64(store.theme(named: name)?.snapshot.generation ?? 0))
        }
        var missed = false
        if let since = p["since"] {
            guard let sinceInstance = since["instance"]?.stringValue,
                let sinceGeneration = since["generation"]?.intValue
            else { throw RPCError.invalidParams("since", "expected {\"instance\", \"generation\"}") }
            let newest = generations.members.compactMap { $0.value.intValue }.max() ?? 0
            missed = sinceInstance != instance || sinceGeneration < newest
        }
        // Only a request that is answered with a result makes a subscription.
        let id = subscriptions.add(connection: caller.connection, themes: themes, queries: queries, sink: caller.sink)
        var result: JSONObject = [
            "subscription": .string(id), "instance": .string(instance), "generations": .object(generations),
            "values": .array(values),
        ]
        if missed {
            result["missed"] = true
        }
        return .object(result)
    }

    /// A query's value now (null when it resolves to no value); errors as for `resolve`.
    func currentValue(theme name: String, attribute: Attribute, key: String, context: StyleContext) throws -> JSONValue
    {
        var params = JSONObject()
        params["theme"] = .string(name)
        let (_, theme) = try methods.theme(Params(.object(params), allowed: ["theme"]))
        do {
            return try theme.session().resolve(attribute, key, context: context)?.json ?? .null
        } catch {
            throw RPCError.style(error)
        }
    }
}
