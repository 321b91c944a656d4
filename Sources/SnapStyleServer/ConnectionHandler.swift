import Logging
import NIOCore
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleSystem

/// What a connection needs from the daemon, handed over by the server: how to answer, where deferred answers
/// run, who counts connections, and its limits and logger.
struct ConnectionServices: Sendable {
    let dispatcher: RequestDispatcher
    let deferred: DeferredAnswers
    let statistics: DaemonStatistics
    let subscriptions: SubscriptionRegistry
    let limits: ConnectionLimits
    let logger: Logger
}

extension ConnectionServices {
    /// A connection went away: its subscriptions end and it is no longer counted.
    func connectionClosed(_ connection: Int) {
        subscriptions.removeAll(connection: connection)
        statistics.connectionClosed()
    }
}

/// A connection's limits (docs/daemon.md, "Configuration").
struct ConnectionLimits: Sendable {
    var maxLineBytes: Int
    var maxQueuedBytes: Int
}

/// One client connection: splits its input into lines (`LineFrameDecoder`), answers each line, holds lines while
/// an answer is deferred or the client does not read, queues events, and drops a client whose unread output passes
/// the limit. Lives on its channel's event loop; other threads reach it through its `ConnectionOutlet`.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let services: ConnectionServices
    private var logger: Logger
    private var state = ConnectionState()
    private var decoder: LineFrameDecoder
    /// Who sends this connection's lines (its number and outlet), once it is counted.
    private var caller: Caller?
    private var outlet: ConnectionOutlet?
    private var context: ChannelHandlerContext?
    /// Lines read while the connection waits (`ConnectionState.Wait`), answered when it goes on.
    private var held = CircularBuffer<LineBatch>()
    /// Responses of the current read burst, written at once by `flushOutput`.
    private var outbound: ByteBuffer?
    /// What is written and not yet taken by the socket.
    private var output = OutputQueue()
    private var stallCheck: Scheduled<Void>?

    init(services: ConnectionServices) {
        self.services = services
        logger = services.logger
        decoder = LineFrameDecoder(maxLineBytes: services.limits.maxLineBytes)
    }

    func channelActive(context: ChannelHandlerContext) {
        self.context = context
        guard let number = services.statistics.connectionOpened() else {
            let limit = services.statistics.maxConnections
            logger.warning("connection refused: \(limit) connections already")
            writeLine(ResponseLine.error(id: .null, .limitExceeded("connections", limit: limit)), context: context)
            flushOutput(context: context)
            _ = state.close()
            context.close(promise: nil)
            return
        }
        let outlet = ConnectionOutlet(handler: self, eventLoop: context.eventLoop)
        self.outlet = outlet
        caller = Caller(connection: number, sink: outlet)
        logger[metadataKey: "connection"] = "\(number)"
        state.activated()
        checkPeer(context: context)
        context.fireChannelActive()
    }

    /// Closes, without a reply, a peer that is neither this daemon's user nor root (SO_PEERCRED).
    private func checkPeer(context: ChannelHandlerContext) {
        guard let provider = context.channel as? SocketOptionProvider else { return }
        let future: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(PeerCredentials.optionLevel), name: SocketOptionName(PeerCredentials.optionName))
        future.assumeIsolated().whenSuccess { [self] credentials in
            guard !credentials.isTrusted else { return }
            logger.warning(
                "connection from uid \(credentials.uid) (pid \(credentials.pid)) refused: not uid \(PeerCredentials.currentUser)"
            )
            close(context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let caller { services.connectionClosed(caller.connection) }
        caller = nil
        outlet = nil
        held.removeAll()
        state.closed()
        stallCheck?.cancel()
        stallCheck = nil
        // A connection that held a lot of output leaves memory that malloc keeps unless asked to give it back.
        if output.peak >= 1 << 20 { MemoryTrim.trimSoon(on: context.eventLoop) }
        self.context = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard state.isOpen else { return }
        do throws(LineFrameDecoder.LineTooLong) {
            try decoder.decode(unwrapInboundIn(data)) { lines in
                if state.answersLines, held.isEmpty { answer(&lines, context: context) }
                if !lines.isEmpty, state.isOpen { held.append(lines) }
            }
        } catch {
            refuse(error, context: context)
        }
    }

    /// A line over the limit: the client is told why, then the connection closes.
    private func refuse(_ tooLong: LineFrameDecoder.LineTooLong, context: ChannelHandlerContext) {
        guard state.isOpen else { return }
        logger.warning("line over \(tooLong.limit) bytes, closing")
        writeLine(ResponseLine.error(id: .null, .limitExceeded("line bytes", limit: tooLong.limit)), context: context)
        flushOutput(context: context)
        close(context: context)
    }

    /// Answers lines from the front of `lines` for as long as the connection answers lines.
    private func answer(_ lines: inout LineBatch, context: ChannelHandlerContext) {
        lines.forEachLine { line in
            answer(line, context: context)
            return state.answersLines
        }
    }

    private func answer(_ line: UnsafeRawBufferPointer, context: ChannelHandlerContext) {
        guard let caller, let outlet else { return }
        // The response goes straight into the burst's output, with room kept for the newline.
        var buffer = outbound.take() ?? context.channel.allocator.buffer(capacity: 4096)
        var reply = Reply.none
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 1024) { space in
            reply = services.dispatcher.reply(
                to: line, caller: caller, space: UnsafeMutableRawBufferPointer(rebasing: space.dropLast()))
            guard case .written(let count) = reply else { return 0 }
            space[count] = UInt8(ascii: "\n")
            return count + 1
        }
        outbound = buffer
        switch reply {
        case .none, .written: break
        case .line(let response): writeLine(response, context: context)
        case .deferred(let request):
            perform(state.wait(for: .reply), context: context)
            let submitted = services.deferred.submit(request) { line in outlet.resume(with: line) }
            if !submitted {
                resume(with: ResponseLine.error(id: .null, .internalError("the daemon is shutting down")))
            }
            return
        }
        if output.pausesReading(unwritten: outbound?.readableBytes ?? 0) {
            flushOutput(context: context)
            if output.pausesReading(unwritten: 0) { perform(state.wait(for: .writable), context: context) }
        }
    }

    /// The deferred answer came: write it, then go on with the lines read meanwhile.
    func resume(with line: [UInt8]?) {
        guard let context, state.waitEnded(.reply) else { return }
        if let line { writeLine(line, context: context) }
        goOn(context: context)
    }

    /// Answers the held lines until one waits again, then reads on (or finishes).
    private func goOn(context: ChannelHandlerContext) {
        while state.answersLines, var lines = held.popFirst() {
            answer(&lines, context: context)
            if !lines.isEmpty, state.isOpen { held.prepend(lines) }
        }
        flushOutput(context: context)
        perform(state.afterHeldLines(), context: context)
    }

    /// An event for a subscription on this connection.
    func send(event line: [UInt8]) {
        guard let context, state.isOpen else { return }
        writeLine(line, context: context)
        flushOutput(context: context)
    }

    private func perform(_ action: ConnectionState.Action, context: ChannelHandlerContext) {
        switch action {
        case .none: break
        case .pauseReading: try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)
        case .resumeReading: try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
        case .finish:
            flushOutput(context: context)
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0))).assumeIsolated()
                .whenComplete { _ in context.close(promise: nil) }
        }
    }

    private func close(context: ChannelHandlerContext) {
        guard state.close() else { return }
        held.removeAll()
        context.close(promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flushOutput(context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            // The client finished writing (`nc -N`): answer what was read, then close.
            perform(state.inputClosed(holding: !held.isEmpty), context: context)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("connection error: \(error)")
        close(context: context)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        resumeIfDrained()
        context.fireChannelWritabilityChanged()
    }

    // MARK: Output

    /// Queues one line for the next flush.
    private func writeLine(_ line: [UInt8], context: ChannelHandlerContext) {
        if outbound == nil { outbound = context.channel.allocator.buffer(capacity: max(4096, line.count + 1)) }
        outbound!.writeBytes(line)
        outbound!.writeInteger(UInt8(ascii: "\n"))
    }

    /// Writes and flushes what the burst produced, in chunks, so that a large answer streams and each chunk the
    /// socket takes counts as progress.
    private func flushOutput(context: ChannelHandlerContext) {
        guard var buffer = outbound, buffer.readableBytes > 0 else { return }
        outbound = nil
        while buffer.readableBytes > 0 {
            let chunk = buffer.readSlice(length: min(buffer.readableBytes, OutputQueue.chunkBytes))!
            output.queued(chunk.readableBytes)
            context.write(wrapOutboundOut(chunk), promise: nil)
        }
        context.flush()
        // A small buffer serves the next burst: once the socket has taken its bytes it is ours alone again, and
        // clearing it allocates nothing (while the channel still holds them, `clear` gets fresh memory instead).
        if buffer.capacity <= OutputQueue.chunkBytes {
            buffer.clear()
            outbound = buffer
        }
        if output.needsChannelFigure { askChannel(context: context) }
        if output.isOverLimit(services.limits.maxQueuedBytes) { scheduleStallCheck(context: context) }
    }

    /// Updates `output` with what the channel holds.
    private func askChannel(context: ChannelHandlerContext) {
        guard let buffered = try? context.channel.syncOptions?.getOption(.bufferedWritableBytes) else { return }
        output.channelHolds(buffered, at: .now())
    }

    /// Reading goes on once the client has taken most of what waited for it.
    private func resumeIfDrained() {
        guard let context, state.isOpen else { return }
        askChannel(context: context)
        guard context.channel.isWritable, output.allowsReading, state.waitEnded(.writable) else { return }
        goOn(context: context)
    }

    /// A client over the output limit that takes nothing for `OutputQueue.stallLimit` does not read: dropped.
    /// One that reads, however slowly, is not (a large answer streams to it).
    private func scheduleStallCheck(context: ChannelHandlerContext) {
        guard stallCheck == nil else { return }
        stallCheck = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { [self] in
            stallCheck = nil
            guard state.isOpen, let context = self.context else { return }
            let limit = services.limits.maxQueuedBytes
            askChannel(context: context)
            guard output.isOverLimit(limit) else { return }
            guard output.isStalled(at: .now()) else { return scheduleStallCheck(context: context) }
            logger.warning(
                """
                over \(limit) bytes queued and nothing read for \(OutputQueue.stallLimit) (a client that does not \
                read), closing
                """)
            close(context: context)
        }
    }
}
