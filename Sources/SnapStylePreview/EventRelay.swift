import Hummingbird
import Logging
import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson
import ServiceLifecycle
import Synchronization

/// Relays the daemon's theme events to Server-Sent Events clients: each client gets a subscription of its own
/// (resumed with `since` from its `Last-Event-ID`), which reconnects by itself when the daemon restarts.
final class EventRelay: Sendable {
    let socket: String?
    let heartbeat: Duration
    /// Messages waiting for one slow client, at most.
    let bufferLimit = 1024
    let logger: Logger
    private let ledger = Mutex(EventIDLedger())

    init(socket: String?, heartbeat: Duration = .seconds(15), logger: Logger) {
        self.socket = socket
        self.heartbeat = heartbeat
        self.logger = logger
    }

    /// The stream for one client: the events of `theme` (all themes when nil), from where `lastEventID` left off.
    /// It ends as soon as the client closes its connection (`requestBody` tells), which ends the subscription.
    func stream(theme: String?, lastEventID: Int?, requestBody: RequestBody) -> ResponseBody {
        ResponseBody { writer in
            try await requestBody.consumeWithCancellationOnInboundClose { _ in
                try await self.relayMessages(theme: theme, lastEventID: lastEventID, to: &writer)
            }
            try await writer.finish(nil)
        }
    }

    private func relayMessages(theme: String?, lastEventID: Int?, to writer: inout any ResponseBodyWriter)
        async throws
    {
        // A client that stops reading does not make the buffer grow: past the limit its stream ends, and its
        // browser reconnects with Last-Event-ID.
        let (messages, sink) = AsyncStream.makeStream(
            of: ServerSentEvent.self, bufferingPolicy: .bufferingOldest(self.bufferLimit))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await self.relay(theme: theme, lastEventID: lastEventID, to: sink)
                sink.finish()
            }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: self.heartbeat)
                    if case .dropped = sink.yield(.comment("keep-alive")) { sink.finish() }
                }
            }
            // Ends with the client (a write fails), the daemon's stream, or the preview's shutdown.
            try await withGracefulShutdownHandler {
                for await message in messages {
                    try await writer.write(ByteBuffer(string: message.text))
                }
            } onGracefulShutdown: {
                sink.finish()
            }
            group.cancelAll()
        }
    }

    /// Subscribes and turns the daemon's notifications into messages until cancelled.
    private func relay(theme: String?, lastEventID: Int?, to sink: AsyncStream<ServerSentEvent>.Continuation) async {
        // A one-theme stream resumes where the ledger can vouch for the id; an all-themes stream cannot compare
        // generations of different themes, so any resume there is a miss.
        var resume: SubscriptionPoint?
        if let lastEventID, let theme {
            resume = ledger.withLock { $0.resumePoint(theme: theme, lastEventID: lastEventID) }
        }
        var owesMissed = lastEventID != nil && resume == nil
        let events = subscribe(socket: socket, themes: theme.map { [$0] }, since: resume)
        var first = true
        var instance = ""
        func send(_ message: ServerSentEvent) {
            if case .dropped = sink.yield(message) { sink.finish() }
        }
        do {
            for try await event in events {
                switch event {
                case .subscribed(let result):
                    let (missed, current, generations) = (result.missed, result.instance, result.generations)
                    instance = current
                    let position = theme.flatMap { generations[$0] } ?? generations.values.max() ?? 0
                    ledger.withLock { ledger in
                        for (name, generation) in generations {
                            ledger.record(instance: current, theme: name, generation: generation)
                        }
                    }
                    if missed || owesMissed {
                        let reason =
                            owesMissed
                            ? "the last event id cannot be resumed here" : "changes were made while disconnected"
                        send(Self.missed(theme: theme, generation: position, reason: reason))
                    } else if first {
                        send(.position(position))
                    }
                    owesMissed = false
                    first = false
                case .theme(let themeEvent):
                    guard let relayed = RelayedEvent(rawValue: themeEvent.method.rawValue), relayed != .missed else {
                        continue
                    }
                    let id = themeEvent.generation.flatMap { $0 > 0 ? $0 : nil }
                    let name = themeEvent.theme
                    ledger.withLock { ledger in
                        if relayed == .themeAdded || relayed == .themeRemoved { ledger.forget(theme: name) }
                        if let id { ledger.record(instance: instance, theme: name, generation: id) }
                    }
                    send(.message(event: relayed.rawValue, data: Jansson.encode(.object(themeEvent.params)), id: id))
                case .disconnected:
                    send(.comment("daemon gone: reconnecting"))
                }
            }
        } catch {
            logger.warning("event stream ended: \(error)")
        }
    }

    static func missed(theme: String?, generation: Int, reason: String) -> ServerSentEvent {
        let data: JSONObject = [
            "theme": theme.map(JSONValue.string) ?? .null, "generation": .integer(Int64(generation)),
            "reason": .string(reason),
        ]
        return .message(event: RelayedEvent.missed.rawValue, data: Jansson.encode(.object(data)), id: generation)
    }
}
