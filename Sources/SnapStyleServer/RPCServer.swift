import Foundation
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
#if canImport(Glibc)
import Glibc
#endif

/// The Unix socket server, as a service: binds (or takes systemd's socket), says it is ready, serves until
/// a graceful shutdown, then stops accepting, lets connections finish and closes.
public final class RPCServer: Service, Sendable {
    let daemon: Daemon
    let activatedDescriptor: Int32?
    let group: MultiThreadedEventLoopGroup
    let onReady: @Sendable () -> Void

    public init(
        daemon: Daemon, activatedDescriptor: Int32?, threads: Int = System.coreCount,
        onReady: @escaping @Sendable () -> Void
    ) {
        self.daemon = daemon
        self.activatedDescriptor = activatedDescriptor
        self.group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, threads))
        self.onReady = onReady
    }

    func bootstrap() -> ServerBootstrap {
        ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 512)
            // Out of file descriptors (EMFILE, ENFILE), accepting waits a moment instead of failing in a loop.
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        AcceptBackoffHandler(shouldForwardIOErrorCaught: false) { _ in .milliseconds(250) })
                }
            }
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelOption(.maxMessagesPerRead, value: 1)
            .childChannelOption(
                .writeBufferWaterMark,
                value: .init(low: daemon.configuration.maxQueuedBytes / 2, high: daemon.configuration.maxQueuedBytes)
            )
            .childChannelInitializer { [daemon] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ConnectionHandler(daemon: daemon))
                }
            }
    }

    public func run() async throws {
        let channel: any Channel
        if let fd = activatedDescriptor {
            channel = try await bootstrap().withBoundSocket(fd).get()
        } else {
            // The socket file is created 0600; its directory is 0700 (SocketPath.prepare).
            let old = umask(0o177)
            defer { umask(old) }
            channel = try await bootstrap().bind(unixDomainSocketPath: daemon.socketPath).get()
        }
        onReady()
        try? await gracefulShutdown()
        daemon.logger.info("shutting down")
        daemon.notifier.stopping()
        try? await channel.close()
        if activatedDescriptor == nil { unlink(daemon.socketPath) }
        try await group.shutdownGracefully()
    }
}
