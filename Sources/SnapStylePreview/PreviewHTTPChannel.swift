import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with `RequestHeadCheck` right after the HTTP/1 decoder, where the request line is
/// still as sent (Hummingbird's own extra handlers come after the conversion to HTTP types).
struct PreviewHTTPChannel: ServerChildChannel {
    let base: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(RequestHeadCheck(), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the preview's check of the raw request head.
    static var preview: HTTPServerBuilder {
        HTTPServerBuilder { responder in PreviewHTTPChannel(base: HTTP1Channel(responder: responder)) }
    }
}
