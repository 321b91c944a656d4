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
    private var context: ChannelHandlerContext?
    private var closing = false
    private var inputClosed = false
    private var eventLoop: (any EventLoop)?

    private enum ReadState {
        /// Lines are answered as they come.
        case reading
        /// A request is answered later (`reload`): input is held in `pending` and reading is paused.
        case awaitingReply
        /// More output is queued than the high watermark: input is held in `pending` and reading is paused
        /// until the client has read enough (backpressure), so a client that does not read costs no memory.
        case awaitingWritable
    }

    private var state = ReadState.reading

    init(daemon: Daemon) { self.daemon = daemon }

    func channelActive(context: ChannelHandlerContext) {
        self.context = context
        eventLoop = context.eventLoop
        guard let number = daemon.connectionOpened() else {
            daemon.logger.warning("connection refused: \(daemon.configuration.maxConnections) connections already")
            let error = Daemon.errorResponse(
                id: .null, .limitExceeded("connections", limit: daemon.configuration.maxConnections))
            writeLine(Daemon.encode(error), context: context)
            flushOutput(context: context)
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
        future.assumeIsolated().whenSuccess { [daemon] credentials in
            let uid = credentials.uid
            guard uid != getuid(), uid != 0 else { return }
            daemon.logger.warning("connection from uid \(uid) (pid \(credentials.pid)) refused: not uid \(getuid())")
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let connection { daemon.connectionClosed(connection) }
        connection = nil
        stallCheck?.cancel()
        stallCheck = nil
        // A connection that held a lot of output leaves memory that malloc keeps unless asked to give it back.
        if output.peak >= 1 << 20 { MemoryTrim.trimSoon(on: context.eventLoop) }
        self.context = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing, connection != nil else { return }
        let buffer = unwrapInboundIn(data)
        buffer.withUnsafeReadableBytes { bytes in
            if state != .reading {
                pending.append(contentsOf: bytes)
            } else {
                consume(bytes, context: context)
            }
        }
    }

    /// Answers the complete lines of `bytes`, the first one continuing what `pending` holds, and keeps the
    /// rest in `pending`: an unfinished line, or everything after a request answered later.
    private func consume(_ bytes: UnsafeRawBufferPointer, context: ChannelHandlerContext) {
        guard let connection else { return }
        let limit = daemon.configuration.maxLineBytes
        let caller = Caller(connection: connection, sink: self)
        var start = 0
        while !closing, state == .reading, let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let piece = UnsafeRawBufferPointer(rebasing: bytes[start..<newline])
            start = newline + 1
            if pending.isEmpty {
                handleLine(piece, limit: limit, caller: caller, context: context)
            } else {
                pending.append(contentsOf: piece)
                let line = pending
                pending.removeAll(keepingCapacity: true)
                line.withUnsafeBytes { handleLine($0, limit: limit, caller: caller, context: context) }
            }
            if state == .reading, output.pausesReading(unwritten: outbound?.readableBytes ?? 0) {
                flushOutput(context: context)
                state = .awaitingWritable
                try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)
            }
        }
        guard !closing else { return }
        pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...]))
        if state == .reading, pending.count > limit { lineTooLong(context: context) }
    }

    private func handleLine(
        _ raw: UnsafeRawBufferPointer, limit: Int, caller: Caller, context: ChannelHandlerContext
    ) {
        var line = raw
        if line.last == UInt8(ascii: "\r") { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
        if line.count > limit { return lineTooLong(context: context) }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        switch daemon.reply(to: line, caller: caller) {
        case .none: break
        case .line(let response): writeLine(response, context: context)
        case .later:
            // Hold the next lines (and stop reading) until the answer comes, so answers keep request order.
            state = .awaitingReply
            try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)
        }
    }

    /// The answer to the request answered later (or room in the output again): write it, then go on with the
    /// lines read meanwhile.
    private func resumeReading(with line: [UInt8]?, context: ChannelHandlerContext) {
        if let line { writeLine(line, context: context) }
        state = .reading
        let held = pending
        pending.removeAll(keepingCapacity: true)
        held.withUnsafeBytes { consume($0, context: context) }
        flushOutput(context: context)
        guard !closing, state == .reading else { return }
        if inputClosed {
            finish(context: context)
        } else {
            try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
        }
    }

    private func lineTooLong(context: ChannelHandlerContext) {
        daemon.logger.warning(
            "connection \(connection ?? 0): line over \(daemon.configuration.maxLineBytes) bytes, closing")
        let error = Daemon.errorResponse(
            id: .null, .limitExceeded("line bytes", limit: daemon.configuration.maxLineBytes))
        writeLine(Daemon.encode(error), context: context)
        flushOutput(context: context)
        closing = true
        pending = []
        context.close(promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flushOutput(context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            // The client finished writing (`nc -N`): answer what was read, then close.
            inputClosed = true
            if state == .reading { finish(context: context) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func finish(context: ChannelHandlerContext) {
        flushOutput(context: context)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0))).assumeIsolated()
            .whenComplete { _ in context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        daemon.logger.debug("connection \(connection ?? 0): \(error)")
        context.close(promise: nil)
    }

    /// Responses of the current read burst, written at once by `flushOutput`.
    private var outbound: ByteBuffer?
    /// What is written and not yet taken by the socket.
    private var output = OutputQueue()
    private var stallCheck: Scheduled<Void>?

    /// Queues one line for the next flush.
    private func writeLine(_ line: [UInt8], context: ChannelHandlerContext) {
        if outbound == nil { outbound = context.channel.allocator.buffer(capacity: max(4096, line.count + 1)) }
        outbound!.writeBytes(line)
        outbound!.writeInteger(UInt8(ascii: "\n"))
    }

    /// Writes and flushes what the burst produced, in chunks, so that a large answer streams and each chunk the
    /// socket takes counts as progress.
    private func flushOutput(context: ChannelHandlerContext) {
        guard var buffer = outbound else { return }
        outbound = nil
        while buffer.readableBytes > 0 {
            let chunk = buffer.readSlice(length: min(buffer.readableBytes, OutputQueue.chunkBytes))!
            let bytes = chunk.readableBytes
            output.queued(bytes)
            let promise = context.eventLoop.makePromise(of: Void.self)
            promise.futureResult.assumeIsolated().whenComplete { [self] _ in
                output.written(bytes, at: .now())
                resumeIfDrained()
            }
            context.write(wrapOutboundOut(chunk), promise: promise)
        }
        context.flush()
        if output.isOverLimit(daemon.configuration.maxQueuedBytes) { scheduleStallCheck(context: context) }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        resumeIfDrained()
        context.fireChannelWritabilityChanged()
    }

    /// Reading goes on once the client has taken most of what waited for it.
    private func resumeIfDrained() {
        guard state == .awaitingWritable, !closing, let context, context.channel.isWritable,
            output.allowsReading
        else { return }
        state = .reading
        resumeReading(with: nil, context: context)
    }

    /// A client over the output limit that takes nothing for `OutputQueue.stallLimit` does not read: dropped.
    /// One that reads, however slowly, is not (a large answer streams to it).
    private func scheduleStallCheck(context: ChannelHandlerContext) {
        guard stallCheck == nil else { return }
        stallCheck = context.eventLoop.scheduleTask(in: .seconds(1)) { [self] in
            stallCheck = nil
            guard !closing, let context = self.context else { return }
            let limit = daemon.configuration.maxQueuedBytes
            guard output.isOverLimit(limit) else { return }
            if output.isStalled(at: .now()) {
                dropSlowReader(context: context)
            } else {
                scheduleStallCheck(context: context)
            }
        }
    }

    private func dropSlowReader(context: ChannelHandlerContext) {
        guard !closing else { return }
        let limit = daemon.configuration.maxQueuedBytes
        daemon.logger.warning(
            """
            connection \(connection ?? 0): over \(limit) bytes queued and nothing read for \
            \(OutputQueue.stallLimit) (a client that does not read), closing
            """)
        closing = true
        pending = []
        context.close(promise: nil)
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
            flushOutput(context: context)
        }
    }

    func resume(with line: [UInt8]?) {
        guard let eventLoop else { return }
        eventLoop.execute { [self] in
            guard !closing, let context, state == .awaitingReply else { return }
            resumeReading(with: line, context: context)
        }
    }
}
