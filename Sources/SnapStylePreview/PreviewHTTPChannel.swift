import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with `RequestHeadCheck` and `ConnectionGuard` right after the HTTP/1 decoder, where
/// the request line is still as sent and a head is seen once it is whole (Hummingbird's own extra handlers come
/// after the conversion to HTTP types).
struct PreviewHTTPChannel: ServerChildChannel {
    let base: HTTP1Channel
    let bounds: ConnectionBounds

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let guardian = ConnectionGuard(
                table: bounds.table, headTimeout: bounds.headTimeout, idleTimeout: bounds.idleTimeout)
            try pipeline.addHandler(guardian, position: .after(decoder))
            try pipeline.addHandler(RequestHeadCheck(), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// The bounds every connection of one server shares: its table of connections by address and the timeouts.
struct ConnectionBounds: Sendable {
    var table: ConnectionTable
    var headTimeout: TimeAmount
    var idleTimeout: TimeAmount
}

extension HTTPServerBuilder {
    /// HTTP/1 with the preview's check of the raw request head and its bounds on connections.
    static func preview(_ bounds: ConnectionBounds) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in PreviewHTTPChannel(base: HTTP1Channel(responder: responder), bounds: bounds) }
    }
}
