import Logging
import NIOCore
import NIOPosix
import SnapStyleJSON
import SnapStyleProtocol
#if canImport(Glibc)
import Glibc
#endif

/// One client connection: splits input into lines (bounded), answers each, queues events, and drops a
/// client whose unread output passes the limit.
final class ConnectionHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let daemon: Daemon
    /// Set on the event loop only.
    private var connection: Int?
    private var pending: [UInt8] = []
    private var queuedBytes = 0
    private var context: ChannelHandlerContext?
    private var closing = false
    private var eventLoop: (any EventLoop)?

    init(daemon: Daemon) { self.daemon = daemon }

    func channelActive(context: ChannelHandlerContext) {
        self.context = context
        eventLoop = context.eventLoop
        guard let number = daemon.connectionOpened() else {
            daemon.logger.warning("connection refused: \(daemon.configuration.maxConnections) connections already")
            let error = Daemon.errorResponse(
                id: .null, .limitExceeded("connections", limit: daemon.configuration.maxConnections))
            writeLine(Daemon.encode(error), context: context)
            context.flush()
            closing = true
            context.close(promise: nil)
            return
        }
        connection = number
        checkPeer(context: context)
        context.fireChannelActive()
    }

    /// Closes, without a reply, a peer that is neither this daemon's user nor root (SO_PEERCRED).
    private func checkPeer(context: ChannelHandlerContext) {
        guard let provider = context.channel as? SocketOptionProvider else { return }
        // struct ucred (pid_t, uid_t, gid_t); Glibc hides it without _GNU_SOURCE. SO_PEERCRED is 17 on Linux.
        let future: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(17))
        future.whenSuccess { [daemon] credentials in
            let uid = credentials.uid
            guard uid != getuid(), uid != 0 else { return }
            daemon.logger.warning("connection from uid \(uid) (pid \(credentials.pid)) refused: not uid \(getuid())")
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let connection { daemon.connectionClosed(connection) }
        connection = nil
        self.context = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing, let connection else { return }
        var buffer = unwrapInboundIn(data)
        let limit = daemon.configuration.maxLineBytes
        while let bytes = buffer.readBytes(length: buffer.readableBytes), !bytes.isEmpty {
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                pending.append(contentsOf: bytes[start..<index])
                start = index + 1
                var line = pending
                pending.removeAll(keepingCapacity: true)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                if line.count > limit { return lineTooLong(context: context) }
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                let caller = Caller(connection: connection, sink: self)
                if let response = daemon.handle(line: line, caller: caller) { writeLine(response, context: context) }
                if closing { return }
            }
            pending.append(contentsOf: bytes[start...])
            if pending.count > limit { return lineTooLong(context: context) }
        }
    }

    private func lineTooLong(context: ChannelHandlerContext) {
        daemon.logger.warning("connection \(connection ?? 0): line over \(daemon.configuration.maxLineBytes) bytes, closing")
        let error = Daemon.errorResponse(id: .null, .limitExceeded("line bytes", limit: daemon.configuration.maxLineBytes))
        writeLine(Daemon.encode(error), context: context)
        context.flush()
        closing = true
        pending = []
        context.close(promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.flush()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            // The client finished writing (`nc -N`): answer what was read, then close.
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0))).whenComplete { _ in
                context.close(promise: nil)
            }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        daemon.logger.debug("connection \(connection ?? 0): \(error)")
        context.close(promise: nil)
    }

    /// Writes one line, counting it as queued until the socket took it.
    private func writeLine(_ line: [UInt8], context: ChannelHandlerContext) {
        var buffer = context.channel.allocator.buffer(capacity: line.count + 1)
        buffer.writeBytes(line)
        buffer.writeInteger(UInt8(ascii: "\n"))
        let size = buffer.readableBytes
        queuedBytes += size
        if queuedBytes > daemon.configuration.maxQueuedBytes {
            let limit = daemon.configuration.maxQueuedBytes
            daemon.logger.warning(
                "connection \(connection ?? 0): over \(limit) bytes queued (a client that does not read), closing")
            closing = true
            context.close(promise: nil)
            return
        }
        let promise = context.eventLoop.makePromise(of: Void.self)
        promise.futureResult.whenComplete { [weak self] _ in self?.queuedBytes -= size }
        context.write(wrapOutboundOut(buffer), promise: promise)
    }
}

/// The layout of Linux's `struct ucred`.
struct PeerCredentials {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}

extension ConnectionHandler: EventSink {
    func send(line: [UInt8]) {
        guard let eventLoop else { return }
        eventLoop.execute { [self] in
            guard !closing, let context else { return }
            writeLine(line, context: context)
            context.flush()
        }
    }
}
