import Foundation
import Logging
import MCP
import NIOCore
import NIOPosix
import SnapStyleProtocol
import SnapStyleVocabulary

/// MCP's stdio transport, one JSON-RPC message per line on standard input and output, on an event loop: a line is
/// handed on as soon as it is read. (The SDK's `StdioTransport` polls a non-blocking descriptor, sleeping 10 ms
/// whenever nothing is there, which would add up to 10 ms to every call.)
actor StdioLines: Transport {
    nonisolated let logger: Logger
    private let input: Int32
    private let output: Int32
    private let maxLineBytes: Int
    private var channel: (any Channel)?
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation

    /// The longest message read: a client's request is small; a longer line ends the session.

    init(input: Int32 = 0, output: Int32 = 1, maxLineBytes: Int = Limits.mcpLineBytes, logger: Logger) {
        self.input = input
        self.output = output
        self.maxLineBytes = maxLineBytes
        self.logger = logger
        (messages, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
    }

    func connect() async throws {
        guard channel == nil else { return }
        let continuation = self.continuation
        let maxLineBytes = self.maxLineBytes
        let logger = self.logger
        channel = try await NIOPipeBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        LineReader(messages: continuation, maxLineBytes: maxLineBytes, logger: logger)
                    )
                }
            }
            .takingOwnershipOfDescriptors(input: input, output: output).get()
    }

    func disconnect() async {
        continuation.finish()
        try? await channel?.close()
        channel = nil
    }

    func send(_ data: Data) async throws {
        guard let channel else { throw MCPError.internalError("the transport is not connected") }
        var buffer = channel.allocator.buffer(capacity: data.count + 1)
        buffer.writeBytes(data)
        buffer.writeInteger(UInt8(ascii: "\n"))
        try await channel.writeAndFlush(buffer)
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { messages }
}

/// Splits standard input into lines and passes each non-empty one on; the end of the input ends the stream.
private final class LineReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private var decoder: LineFrameDecoder
    private let messages: AsyncThrowingStream<Data, any Error>.Continuation
    private let logger: Logger

    init(messages: AsyncThrowingStream<Data, any Error>.Continuation, maxLineBytes: Int, logger: Logger) {
        self.messages = messages
        self.logger = logger
        decoder = LineFrameDecoder(maxLineBytes: maxLineBytes)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        do throws(LineFrameDecoder.LineTooLong) {
            try decoder.decode(unwrapInboundIn(data)) { batch in
                batch.forEachLine { line in
                    guard !line.isEmpty else { return true }
                    messages.yield(Data(line))
                    return true
                }
            }
        } catch {
            logger.error("a message longer than \(error.limit) bytes on standard input; stopping")
            messages.finish()
            context.close(promise: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { messages.finish() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        messages.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.error("standard input: \(error)")
        messages.finish()
        context.close(promise: nil)
    }
}
