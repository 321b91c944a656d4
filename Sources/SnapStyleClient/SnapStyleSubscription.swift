import Foundation
import SnapStyleVocabulary
import SnapStyleJSON
import SnapStyleProtocol

/// An event pushed by snapstyled, or noticed by the client.
public enum SnapStyleEvent: Sendable {
    /// A theme event: changed, in error, recovered, added, removed, or subscribed values that changed.
    case theme(ThemeEvent)
    /// The connection to the daemon closed; the stream reconnects (when asked to) and says `subscribed` again.
    case disconnected
    /// The subscription is (re)established: the queries' current values, the daemon's instance and each subscribed
    /// theme's generation. `missed` is true when events may have been lost (a restarted daemon, or a generation
    /// passed while disconnected): refetch.
    case subscribed(SubscribeResult)
}

/// A query whose value is pushed whenever it changes.
public struct SubscribedQuery: Sendable {
    public var id: String
    public var attribute: Attribute
    public var key: String
    public var context: JSONObject
    public var theme: String?

    public init(id: String, attribute: Attribute, key: String, context: JSONObject = [:], theme: String? = nil) {
        self.id = id
        self.attribute = attribute
        self.key = key
        self.context = context
        self.theme = theme
    }

    var json: JSONValue {
        var object: JSONObject = [
            "id": .string(id), "attribute": .string(attribute.rawValue), "key": .string(key),
            "context": .object(context),
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
                    guard let result = SubscribeResult(json: try await connection.call(.subscribe, params)) else {
                        throw SnapStyleClientError.unexpectedResult("not a subscribe result")
                    }
                    delay = .milliseconds(100)
                    var newest = result.generations.values.max() ?? 0
                    continuation.yield(.subscribed(result))
                    for await event in connection.notifications {
                        if let generation = event.generation { newest = max(newest, generation) }
                        continuation.yield(.theme(event))
                    }
                    since = SubscriptionPoint(instance: result.instance, generation: newest)
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
