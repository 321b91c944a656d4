import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol

/// The bookkeeping of the event streams, without I/O: which streams are open (at most `limit`), what each must
/// be sent when the one shared daemon subscription (all themes) reports something, and when that subscription is
/// needed. `EventRelay` feeds it the subscription's events and writes what it returns.
///
/// A stream opened while the subscription is up starts at once, from what the subscription last said; one opened
/// while it is not waits for its `subscribed` answer. Either way its first message is the bare `id:` line of the
/// current generation, or `missed` when its `Last-Event-ID` cannot be vouched for (`EventIDLedger`) or the theme has
/// moved on since. After a reconnection a stream is sent `missed` only when its theme (any theme, for a stream of
/// all themes) moved on, or the daemon is another instance.
struct StreamHub: Sendable {
    typealias StreamID = Int

    /// One message for one stream.
    struct Delivery: Equatable, Sendable {
        var stream: StreamID
        var message: ServerSentEvent
    }

    /// What the subscription said last: the daemon's instance and every theme's generation.
    struct Position: Equatable, Sendable {
        var instance: String
        var generations: [String: Int]
    }

    struct Member: Sendable {
        var theme: String?
        /// Where a `Last-Event-ID` the ledger vouched for resumes.
        var resume: SubscriptionPoint?
        /// A `Last-Event-ID` the ledger could not vouch for: the first message is `missed`.
        var owesMissed: Bool
        /// Whether its first message was given.
        var started = false
    }

    /// Streams past this many are refused.
    let limit: Int
    private(set) var ledger = EventIDLedger()
    private(set) var members: [StreamID: Member] = [:]
    /// Kept while the subscription is down, to tell what changed once it is back.
    private(set) var position: Position?
    /// Whether the subscription is up (its `subscribed` came, and no disconnection since).
    private(set) var isLive = false

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { members.count }

    /// Opens stream `id`: nil when `limit` streams are open. `first` is its first message when the subscription is
    /// up; `needsSubscription` is true for the first stream (the subscription is to start).
    mutating func open(_ id: StreamID, theme: String?, lastEventID: Int?) -> (
        first: ServerSentEvent?, needsSubscription: Bool
    )? {
        guard members.count < limit else { return nil }
        // A one-theme stream resumes where the ledger can vouch for the id; an all-themes stream cannot compare
        // generations of different themes, so any resume there is a miss.
        var resume: SubscriptionPoint?
        if let lastEventID, let theme { resume = ledger.resumePoint(theme: theme, lastEventID: lastEventID) }
        var member = Member(theme: theme, resume: resume, owesMissed: lastEventID != nil && resume == nil)
        var first: ServerSentEvent?
        if isLive, let position {
            first = Self.firstMessage(of: member, at: position)
            member.started = true
        }
        let needsSubscription = members.isEmpty
        members[id] = member
        return (first, needsSubscription)
    }

    /// Closes a stream; true when it was the last one (the subscription is no longer needed).
    mutating func close(_ id: StreamID) -> Bool {
        guard members.removeValue(forKey: id) != nil else { return false }
        return members.isEmpty
    }

    /// The subscription is (re)established.
    mutating func subscribed(_ result: SubscribeResult) -> [Delivery] {
        let now = Position(instance: result.instance, generations: result.generations)
        for (name, generation) in result.generations {
            ledger.record(instance: result.instance, theme: name, generation: generation)
        }
        var deliveries: [Delivery] = []
        for (id, member) in members {
            if !member.started {
                deliveries.append(Delivery(stream: id, message: Self.firstMessage(of: member, at: now)))
                members[id]?.started = true
            } else if let before = position,
                Self.moved(member.theme, from: before, to: now) || (member.theme == nil && result.missed)
            {
                let message = Self.missed(
                    theme: member.theme, generation: Self.generation(member.theme, at: now),
                    reason: "changes were made while disconnected")
                deliveries.append(Delivery(stream: id, message: message))
            }
        }
        position = now
        isLive = true
        return deliveries
    }

    /// A notification of the subscription: relayed to the streams of its theme and to those of all themes.
    mutating func received(_ event: ThemeEvent) -> [Delivery] {
        guard let relayed = RelayedEvent(rawValue: event.method.rawValue), relayed != .missed else { return [] }
        let id = event.generation.flatMap { $0 > 0 ? $0 : nil }
        let name = event.theme
        if relayed == .themeAdded || relayed == .themeRemoved { ledger.forget(theme: name) }
        if let id, let instance = position?.instance {
            ledger.record(instance: instance, theme: name, generation: id)
        }
        switch relayed {
        case .themeRemoved: position?.generations[name] = nil
        case .themeAdded: position?.generations[name] = event.generation ?? 1
        default: if let generation = event.generation { position?.generations[name] = generation }
        }
        let message = ServerSentEvent.message(
            event: relayed.rawValue, data: JSONText.encode(.object(event.params), layout: .jansson), id: id)
        return members.compactMap { id, member in
            guard member.started, member.theme == nil || member.theme == name else { return nil }
            return Delivery(stream: id, message: message)
        }
    }

    /// The subscription's connection closed; it reconnects by itself.
    mutating func disconnected() -> [Delivery] {
        isLive = false
        return members.compactMap { id, member in
            member.started ? Delivery(stream: id, message: .comment("daemon gone: reconnecting")) : nil
        }
    }

    /// The subscription ended (no stream needed it): a stream opened from now on waits for the next one.
    mutating func stopped() {
        isLive = false
    }

    /// `message` for every open stream (the keep-alive comment).
    func everyone(_ message: ServerSentEvent) -> [Delivery] {
        members.keys.map { Delivery(stream: $0, message: message) }
    }

    private static func firstMessage(of member: Member, at now: Position) -> ServerSentEvent {
        let generation = generation(member.theme, at: now)
        var reason: String?
        if member.owesMissed {
            reason = "the last event id cannot be resumed here"
        } else if let resume = member.resume,
            resume.instance != now.instance || now.generations[member.theme ?? ""] != resume.generation
        {
            reason = "changes were made while disconnected"
        }
        return reason.map { missed(theme: member.theme, generation: generation, reason: $0) } ?? .position(generation)
    }

    /// The stream's position: its theme's generation; on a stream of all themes, the newest of any.
    private static func generation(_ theme: String?, at position: Position) -> Int {
        theme.flatMap { position.generations[$0] } ?? position.generations.values.max() ?? 0
    }

    private static func moved(_ theme: String?, from before: Position, to now: Position) -> Bool {
        guard before.instance == now.instance else { return true }
        guard let theme else { return before.generations != now.generations }
        return before.generations[theme] != now.generations[theme]
    }

    static func missed(theme: String?, generation: Int, reason: String) -> ServerSentEvent {
        let data: JSONObject = [
            "theme": theme.map(JSONValue.string) ?? .null, "generation": .integer(Int64(generation)),
            "reason": .string(reason),
        ]
        return .message(
            event: RelayedEvent.missed.rawValue, data: JSONText.encode(.object(data), layout: .jansson), id: generation)
    }
}
