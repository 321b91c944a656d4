import Foundation
import NIOCore
import NIOPosix
import SnapStyleJansson

// The ceiling of the daemon's transport: a NIO server configured like snapstyled's RPCServer (one event
// loop per core, one read per wake-up, one write and flush per read burst) that answers every line with
// the same bytes snapstyled sends for the benchmark's resolve, without parsing anything. The daemon
// benchmark measures it next to redis-server and snapstyled, so the cost of the JSON work shows apart
// from the cost of NIO and the kernel.
//
//   CeilingServer SOCKET [--parse]
//
// With --parse it also parses each line with jansson into a JSONValue first (what the daemon does before
// any method work), so the benchmark shows what jansson alone leaves of the transport's rate.

final class ConstantLineHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let answer =
        Array(
            #"{"jsonrpc":"2.0","id":17,"result":{"theme":"snap","generation":1,"attribute":"font","key":"title","value":{"size":22,"baseSize":22,"weight":"bold","width":"standard","design":"default","textStyle":"body"}}}"#
                .utf8) + [UInt8(ascii: "\n")]
    private var outbound: ByteBuffer?
    let parse: Bool

    init(parse: Bool) { self.parse = parse }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let lines = buffer.withUnsafeReadableBytes { bytes in
            var count = 0
            var start = 0
            while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if parse { _ = try? Jansson.parse(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<newline])) }
                count += 1
                start = newline + 1
            }
            return count
        }
        guard lines > 0 else { return }
        if outbound == nil {
            outbound = context.channel.allocator.buffer(capacity: max(4096, lines * Self.answer.count))
        }
        for _ in 0..<lines { outbound!.writeBytes(Self.answer) }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard let buffer = outbound else { return }
        outbound = nil
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

let path = CommandLine.arguments.dropFirst().first ?? "/tmp/snapstyle-ceiling.sock"
let parse = CommandLine.arguments.contains("--parse")
unlink(path)
let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
let channel = try ServerBootstrap(group: group)
    .serverChannelOption(.backlog, value: 512)
    .childChannelOption(.maxMessagesPerRead, value: 1)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConstantLineHandler(parse: parse))
        }
    }
    .bind(unixDomainSocketPath: path).wait()
FileHandle.standardOutput.write(Data("listening on \(path)\n".utf8))
try channel.closeFuture.wait()
