import Hummingbird
import Logging
import NIOCore
import SnapStyleVocabulary
import SnapStyleExport

/// `snapstyle preview`: an HTTP server on a loopback address that serves the preview page, the daemon's read-only
/// methods, the theme as CSS, JSON and DTCG, and its events. An ordinary client of the daemon: it uses the protocol
/// over the daemon's socket and nothing else.
public struct PreviewServer: Sendable {
    public struct Configuration: Sendable {
        public var address: LoopbackAddress
        /// 0 takes a free port.
        public var port: Int
        /// The daemon's socket (nil: the default path).
        public var socket: String?
        /// The page's first theme and the API's default (nil: the daemon's default).
        public var theme: String?
        /// How often an idle event stream gets a comment line.
        public var heartbeat: Duration
        /// How long a daemon answer may take before the request is 504.
        public var daemonTimeout: Duration
        /// Event streams past this many are 503.
        public var maxStreams: Int
        /// How long a new connection may take to send a whole request head before it is closed.
        public var headTimeout: Duration
        /// How long a connection may wait for its next request head after an answer before it is closed.
        public var idleTimeout: Duration
        /// Connections one client address may hold, event streams not counted (`ConnectionTable`).
        public var connectionsPerAddress: Int
        /// `--build`: a build config's outputs, served at `/build/FILE`, computed from the daemon's themes.
        public var build: (any BuildFileSource)?

        public init(
            address: LoopbackAddress, port: Int = 7373, socket: String? = nil, theme: String? = nil,
            heartbeat: Duration = .seconds(15), daemonTimeout: Duration = .seconds(10),
            maxStreams: Int = Limits.eventStreams, headTimeout: Duration = .seconds(Limits.previewHeadSeconds),
            idleTimeout: Duration = .seconds(Limits.previewIdleSeconds),
            connectionsPerAddress: Int = Limits.previewConnectionsPerAddress, build: (any BuildFileSource)? = nil
        ) {
            self.build = build
            self.maxStreams = maxStreams
            self.headTimeout = headTimeout
            self.idleTimeout = idleTimeout
            self.connectionsPerAddress = connectionsPerAddress
            self.address = address
            self.port = port
            self.socket = socket
            self.theme = theme
            self.heartbeat = heartbeat
            self.daemonTimeout = daemonTimeout
        }
    }

    public let configuration: Configuration
    public let logger: Logger

    public init(configuration: Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Serves until SIGINT or SIGTERM; `onListening` gets the page's URL once the port is bound.
    public func run(onListening: @escaping @Sendable (String) async -> Void) async throws {
        let port = BoundPort()
        let link = DaemonLink(socket: configuration.socket, timeout: configuration.daemonTimeout)
        let relay = EventRelay(
            socket: configuration.socket, heartbeat: configuration.heartbeat, maxStreams: configuration.maxStreams,
            logger: logger)
        let responder = PreviewResponder(
            address: configuration.address, port: port, link: link, relay: relay,
            exporter: ThemeExporter(link: link), builds: BuildOutputs(files: configuration.build, link: link),
            theme: configuration.theme, indexPage: PageAsset.indexPage(theme: configuration.theme), logger: logger)
        let address = configuration.address
        let bounds = ConnectionBounds(
            table: ConnectionTable(perAddress: configuration.connectionsPerAddress),
            headTimeout: TimeAmount(configuration.headTimeout), idleTimeout: TimeAmount(configuration.idleTimeout))
        let app = Application(
            responder: responder, server: .preview(bounds),
            configuration: .init(
                address: .hostname(address.address, port: configuration.port), serverName: "snapstyle-preview"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                port.set(bound)
                await onListening(address.url(port: bound))
            },
            logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await relay.run() }
            try await app.runService()
            group.cancelAll()
        }
        await link.close()
    }
}
