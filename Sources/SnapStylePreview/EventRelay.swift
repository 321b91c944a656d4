import Hummingbird
import Logging
import SnapStyleVocabulary
import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol
import ServiceLifecycle
import Synchronization

/// Relays the daemon's theme events to Server-Sent Events clients. All streams share one daemon subscription (all
/// themes, on a connection of its own), which runs while any stream is open and reconnects by itself when the
/// daemon restarts; `StreamHub` decides what each stream is sent. At most `maxStreams` streams are open.
final class EventRelay: Sendable {
    /// A stream for one client: its messages, and the end that the relay writes.
    struct Stream: Sendable {
        let messages: AsyncStream<ServerSentEvent>
        let sink: AsyncStream<ServerSentEvent>.Continuation
    }

    private struct State {
        var hub: StreamHub
        var sinks: [StreamHub.StreamID: AsyncStream<ServerSentEvent>.Continuation] = [:]
    }

    /// When the subscription is needed: the first stream opened, the last one closed.
    private enum Demand { case start, stop }

    let socket: String?
    let heartbeat: Duration
    let maxStreams: Int
    /// Messages waiting for one slow client, at most.
    let bufferLimit = 1024
    let logger: Logger
    private let state: Mutex<State>
    private let ids = Atomic<Int>(0)
    private let demand: AsyncStream<Demand>
    private let demandSink: AsyncStream<Demand>.Continuation

    init(socket: String?, heartbeat: Duration = .seconds(15), maxStreams: Int = Limits.eventStreams, logger: Logger) {
        self.socket = socket
        self.heartbeat = heartbeat
        self.maxStreams = maxStreams
        self.logger = logger
        state = Mutex(State(hub: StreamHub(limit: maxStreams)))
        (demand, demandSink) = AsyncStream.makeStream(of: Demand.self)
    }

    /// How many streams are open.
    var count: Int { state.withLock { $0.hub.count } }

    /// Opens a stream of the events of `theme` (all themes when nil), from where `lastEventID` left off; nil when
    /// `maxStreams` are open. The stream is closed when its messages end or are no longer read.
    func open(theme: String?, lastEventID: Int?) -> Stream? {
        // A client that stops reading does not make the buffer grow: past the limit its stream ends, and its
        // browser reconnects with Last-Event-ID.
        let (messages, sink) = AsyncStream.makeStream(
            of: ServerSentEvent.self, bufferingPolicy: .bufferingOldest(bufferLimit))
        let id = ids.wrappingAdd(1, ordering: .relaxed).newValue
        sink.onTermination = { _ in self.close(id) }
        let opened = state.withLock { state in
            guard let (first, needsSubscription) = state.hub.open(id, theme: theme, lastEventID: lastEventID) else {
                return false
            }
            state.sinks[id] = sink
            if let first { sink.yield(first) }
            if needsSubscription { demandSink.yield(.start) }
            return true
        }
        guard opened else {
            sink.finish()
            return nil
        }
        return Stream(messages: messages, sink: sink)
    }

    /// The response body of a stream: it ends as soon as the client closes its connection (`requestBody` tells),
    /// at the preview's shutdown, or when the client falls too far behind.
    func body(of stream: Stream, requestBody: RequestBody) -> ResponseBody {
        ResponseBody { writer in
            defer { stream.sink.finish() }
            try await requestBody.consumeWithCancellationOnInboundClose { _ in
                try await withGracefulShutdownHandler {
                    for await message in stream.messages {
                        try await writer.write(ByteBuffer(string: message.text))
                    }
                } onGracefulShutdown: {
                    stream.sink.finish()
                }
            }
            try await writer.finish(nil)
        }
    }

    /// Follows the daemon for the streams until cancelled: the subscription and the keep-alive comments run from
    /// the first stream opened to the last one closed.
    func run() async {
        var changes = demand.makeAsyncIterator()
        while let change = await changes.next() {
            guard change == .start else { continue }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.follow() }
                group.addTask { await self.keepAlive() }
                while let change = await changes.next(), change != .stop {}
                group.cancelAll()
            }
            update { $0.stopped() }
        }
    }

    private func close(_ id: StreamHub.StreamID) {
        state.withLock { state in
            state.sinks[id] = nil
            if state.hub.close(id) { demandSink.yield(.stop) }
        }
    }

    /// The shared subscription, subscribed again whenever it ends with an error (it reconnects by itself after a
    /// disconnection).
    private func follow() async {
        while !Task.isCancelled {
            do {
                for try await event in subscribe(socket: socket) {
                    switch event {
                    case .subscribed(let result): deliver { $0.subscribed(result) }
                    case .theme(let event): deliver { $0.received(event) }
                    case .disconnected: deliver { $0.disconnected() }
                    }
                }
            } catch {
                logger.warning("event subscription ended: \(error)")
                deliver { $0.disconnected() }
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    private func keepAlive() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: heartbeat)
            deliver { $0.everyone(.comment("keep-alive")) }
        }
    }

    private func update(_ change: (inout StreamHub) -> Void) {
        state.withLock { change(&$0.hub) }
    }

    /// Hands each stream its messages; a stream whose buffer is full is ended (outside the lock: ending it closes
    /// it in the hub).
    private func deliver(_ change: (inout StreamHub) -> [StreamHub.Delivery]) {
        let full = state.withLock { state in
            var full: [AsyncStream<ServerSentEvent>.Continuation] = []
            for delivery in change(&state.hub) {
                guard let sink = state.sinks[delivery.stream] else { continue }
                if case .dropped = sink.yield(delivery.message) { full.append(sink) }
            }
            return full
        }
        for sink in full { sink.finish() }
    }
}
