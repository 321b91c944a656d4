import Foundation
import SnapStyleJSON

/// An event pushed by snapstyled, or noticed by the client.
public enum SnapStyleEvent: Sendable {
    /// A theme event (`themeChanged`, `themeError`, `themeRecovered`, `themeAdded`, `themeRemoved`,
    /// `valuesChanged`) and its params.
    case event(method: String, params: JSONValue)
    /// The connection to the daemon closed; the stream reconnects (when asked to) and says `subscribed` again.
    case disconnected
    /// The subscription is (re)established: the queries' current values. `missed` is true when events may
    /// have been lost (a restarted daemon or a generation passed while disconnected): refetch. `instance` is the
    /// daemon's, `generations` each subscribed theme's now.
    case subscribed(values: [JSONValue], missed: Bool, instance: String, generations: [String: Int])
}

/// Where a subscriber left off: the daemon's instance and the newest generation it saw.
public struct SubscriptionPoint: Sendable, Equatable {
    public var instance: String
    public var generation: Int

    public init(instance: String, generation: Int) {
        self.instance = instance
        self.generation = generation
    }

    var json: JSONValue { .object(["instance": .string(instance), "generation": .integer(Int64(generation))]) }
}

/// A query whose value is pushed whenever it changes.
public struct SubscribedQuery: Sendable {
    public var id: String
    public var attribute: String
    public var key: String
    public var context: JSONObject
    public var theme: String?

    public init(id: String, attribute: String, key: String, context: JSONObject = [:], theme: String? = nil) {
        self.id = id
        self.attribute = attribute
        self.key = key
        self.context = context
        self.theme = theme
    }

    var json: JSONValue {
        var object: JSONObject = [
            "id": .string(id), "attribute": .string(attribute), "key": .string(key), "context": .object(context),
        ]
        if let theme { object["theme"] = .string(theme) }
        return .object(object)
    }
}

/// Subscribes and keeps the subscription alive: when the connection drops it reconnects (with back-off)
/// and subscribes again with `since`, so the client learns whether it missed anything. `since` resumes an earlier
/// session's subscription the same way.
public func subscribe(
    socket: String? = nil, themes: [String]? = nil, queries: [SubscribedQuery] = [],
    since start: SubscriptionPoint? = nil, reconnect: Bool = true
) -> AsyncThrowingStream<SnapStyleEvent, any Error> {
    AsyncThrowingStream { continuation in
        let task = Task {
            var since = start
            var delay = Duration.milliseconds(100)
            while !Task.isCancelled {
                var opened: SnapStyleConnection?
                do {
                    let connection = try await SnapStyleConnection.connect(socket: socket)
                    opened = connection
                    var params: JSONObject = ["queries": .array(queries.map(\.json))]
                    if let themes { params["themes"] = .array(themes.map(JSONValue.string)) }
                    if let since { params["since"] = since.json }
                    let result = try await connection.call("subscribe", params)
                    delay = .milliseconds(100)
                    let instance = result["instance"]?.stringValue ?? ""
                    var generations: [String: Int] = [:]
                    for member in result["generations"]?.objectValue ?? [:] {
                        generations[member.key] = member.value.intValue ?? 0
                    }
                    var newest = generations.values.max() ?? 0
                    continuation.yield(
                        .subscribed(
                            values: result["values"]?.arrayValue ?? [], missed: result["missed"]?.boolValue ?? false,
                            instance: instance, generations: generations))
                    for await (method, params) in connection.notifications {
                        if let generation = params["generation"]?.intValue { newest = max(newest, generation) }
                        continuation.yield(.event(method: method, params: params))
                    }
                    since = SubscriptionPoint(instance: instance, generation: newest)
                    await connection.close()
                    continuation.yield(.disconnected)
                    guard reconnect else { break }
                } catch {
                    await opened?.close()
                    // A daemon that is not there yet, or went away mid-subscribe, is waited for.
                    let retry: Bool
                    switch error {
                    case SnapStyleClientError.unreachable, SnapStyleClientError.disconnected: retry = reconnect
                    default: retry = false
                    }
                    guard retry else {
                        continuation.finish(throwing: error)
                        return
                    }
                }
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(5))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}
