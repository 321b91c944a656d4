import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import SnapStyleSystem

/// The Unix socket server, as a service: binds (or takes systemd's socket) in `run()`, says it is ready, serves
/// until a graceful shutdown, then stops accepting and removes its socket file. The event loops are given; their
/// owner shuts them down (which closes the connections still open).
public final class RPCServer: Service, Sendable {
    /// Where the server listens.
    public enum Listener: Sendable {
        /// A socket file the server creates (0600) and removes.
        case path(String)
        /// A listening socket systemd passed, which systemd owns.
        case activated(descriptor: Int32)
    }

    let daemon: Daemon
    let listener: Listener
    let eventLoops: any EventLoopGroup
    let onReady: @Sendable () -> Void

    public init(
        daemon: Daemon, listener: Listener, eventLoops: any EventLoopGroup, onReady: @escaping @Sendable () -> Void
    ) {
        self.daemon = daemon
        self.listener = listener
        self.eventLoops = eventLoops
        self.onReady = onReady
    }

    func bootstrap() -> ServerBootstrap {
        let services = daemon.connectionServices
        return ServerBootstrap(group: eventLoops)
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
            .childChannelOption(.writeBufferWaterMark, value: OutputQueue.waterMark)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ConnectionHandler(services: services))
                }
            }
    }

    public func run() async throws {
        let channel: any Channel
        switch listener {
        case .activated(let descriptor):
            channel = try await bootstrap().withBoundSocket(descriptor).get()
        case .path(let path):
            // The socket file is created 0600; its directory is 0700 (SocketPath.prepare).
            let old = CurrentProcess.setFileCreationMask(0o177)
            defer { CurrentProcess.setFileCreationMask(old) }
            channel = try await bootstrap().bind(unixDomainSocketPath: path).get()
        }
        onReady()
        try? await gracefulShutdown()
        daemon.logger.info("shutting down")
        daemon.readiness.stopping()
        try? await channel.close()
        if case .path(let path) = listener { try? POSIXFileSystem().remove(path) }
    }
}
