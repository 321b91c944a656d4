import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleThemes

extension Daemon {
    /// Sends a report's events to every subscription that wants them (docs/protocol.md).
    func broadcast(_ report: ReloadReport) {
        guard !report.isEmpty else { return }
        for subscription in subscriptions.all {
            guard let sink = subscription.sink else { continue }
            func send(_ method: String, _ params: JSONObject) {
                var params = params
                params.members.insert(.init(key: "subscription", value: .string(subscription.id)), at: 0)
                sink.send(
                    line: Self.encode(
                        .object(["jsonrpc": "2.0", "method": .string(method), "params": .object(params)])))
            }
            for name in report.added where subscription.wants(name) { send("themeAdded", ["theme": .string(name)]) }
            for change in report.changes where subscription.wants(change.theme) {
                send(
                    "themeChanged",
                    [
                        "theme": .string(change.theme), "generation": .integer(Int64(change.generation)),
                        "changed": change.changedJSON, "containers": .array(change.containers.map(JSONValue.string)),
                        "components": .array(change.components.map(JSONValue.string)),
                        "files": .array(change.files.map(JSONValue.string)),
                    ])
            }
            for failure in report.failures where subscription.wants(failure.theme) {
                send(
                    "themeError",
                    [
                        "theme": .string(failure.theme), "generation": .integer(Int64(failure.generation)),
                        "errors": .array(failure.errors.map(\.json)),
                    ])
            }
            for recovery in report.recovered where subscription.wants(recovery.theme) {
                send(
                    "themeRecovered",
                    ["theme": .string(recovery.theme), "generation": .integer(Int64(recovery.generation))])
            }
            for name in report.removed where subscription.wants(name) { send("themeRemoved", ["theme": .string(name)]) }
            // Subscribed queries whose values changed, per theme, in the order of the changes.
            for change in report.changes {
                var values: [JSONValue] = []
                var updated: [Int: JSONValue] = [:]
                for (index, query) in subscription.queries.enumerated() where query.theme == change.theme {
                    guard
                        change.changed[query.attribute]?.contains(query.key) == true
                            || !change.containers.isEmpty || !change.components.isEmpty
                    else { continue }
                    let value =
                        (try? currentValue(
                            theme: query.theme, attribute: query.attribute, key: query.key, context: query.context))
                        ?? .null
                    guard value != query.lastValue else { continue }
                    values.append(.object(["id": query.clientID, "value": value]))
                    updated[index] = value
                }
                guard !values.isEmpty else { continue }
                subscriptions.updateLastValues(subscription.id, updated)
                send(
                    "valuesChanged",
                    [
                        "theme": .string(change.theme), "generation": .integer(Int64(change.generation)),
                        "values": .array(values),
                    ])
            }
        }
    }
}
