import NIOCore
import NIOHTTP1

/// Bounds what a connection may hold of the preview (docs/preview.md, "Bounds"): a request head must arrive whole
/// within `headTimeout` of the connection opening and within `idleTimeout` of its previous answer ending, or the
/// connection is closed (half-sent requests can no longer hold descriptors); and every connection is counted in
/// the `ConnectionTable` of its client address. Sits after the HTTP/1 decoder: a head counts once it is whole, and
/// an answer's head and end pass on their way out.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let table: ConnectionTable
    private let headTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private var address: String?
    /// Requests whose head came and whose answer has not ended.
    private var inFlight = 0
    private var stream = false
    private var deadline: Scheduled<Void>?

    init(table: ConnectionTable, headTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.table = table
        self.headTimeout = headTimeout
        self.idleTimeout = idleTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard address == nil else { return }
        let address = context.channel.remoteAddress?.ipAddress ?? "?"
        self.address = address
        if table.admit(context.channel, from: address) == .refused {
            context.close(promise: nil)
            return
        }
        schedule(context, in: headTimeout)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            inFlight += 1
            deadline?.cancel()
            deadline = nil
            report(context)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            if head.headers["Content-Type"].contains(where: { $0.lowercased().hasPrefix("text/event-stream") }) {
                stream = true
                report(context)
            }
        case .end:
            inFlight = max(0, inFlight - 1)
            if inFlight == 0 {
                stream = false
                report(context)
                schedule(context, in: idleTimeout)
            }
        case .body:
            break
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop(context)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { stop(context) }

    private func report(_ context: ChannelHandlerContext) {
        guard let address else { return }
        table.update(context.channel, from: address, waiting: inFlight == 0, stream: stream)
    }

    private func schedule(_ context: ChannelHandlerContext, in time: TimeAmount) {
        deadline?.cancel()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: time) { channel.close(promise: nil) }
    }

    private func stop(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        if let address { table.remove(context.channel, from: address) }
        address = nil
    }
}
