import Logging
import MCP
import ServiceLifecycle
import UnixSignals
import SnapStyleClient
import SnapStyleExport
import SnapStyleProtocol
import SnapStyleVocabulary

/// `snapstyle mcp`: the design system as a Model Context Protocol server on standard input and output, backed by the
/// live daemon (docs/agents.md). It runs until its client closes standard input, or the service group shuts down.
public struct MCPServer: Service {
    /// `--socket` (nil: the default path) and `--theme` (nil: the daemon's default).
    public struct Configuration: Sendable {
        public var socket: String?
        public var theme: String?
        /// How long a daemon answer may take before the tool call fails.
        public var daemonTimeout: Duration
        /// `--build CONFIG`: the config's files, served as `snapstyle://build/FILE`.
        public var build: (any BuildFileSource)?

        public init(
            socket: String?, theme: String?, daemonTimeout: Duration = .seconds(10), build: (any BuildFileSource)? = nil
        ) {
            self.socket = socket
            self.theme = theme
            self.daemonTimeout = daemonTimeout
            self.build = build
        }
    }

    let configuration: Configuration
    let logger: Logger
    let input: Int32
    let output: Int32

    /// Serves on `input` and `output` (standard input and output by default).
    public init(configuration: Configuration, logger: Logger, input: Int32 = 0, output: Int32 = 1) {
        self.configuration = configuration
        self.logger = logger
        self.input = input
        self.output = output
    }

    static let instructions = """
        The app's design system, live from snapstyled: themes resolve semantic keys (font title, surface \
        background, padding containerCard, ...) to values for a context (color scheme, contrast, Dynamic Type, \
        the component stack, design-token modifiers). Use search_keys to find a key, resolve or resolve_component \
        for its values in the context you build, explain to see which theme file sets it, export_css for web \
        styles. Never guess a color or size: ask. The resources snapstyle://theme/NAME.css, .tokens.json and /keys \
        change when the theme is saved; subscribe to them.
        """

    /// Runs in a service group of its own that shuts down on SIGINT and SIGTERM.
    public func runService() async throws {
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: self, successTerminationBehavior: .gracefullyShutdownGroup)],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    public func run() async throws {
        let link = SnapStyleLink(socket: configuration.socket, timeout: configuration.daemonTimeout)
        let session = ClientSession()
        let watch = ResourceWatch(socket: configuration.socket, logger: logger)
        let server = await Self.server(
            daemon: link, theme: configuration.theme, session: session, watch: watch, build: configuration.build)
        let transport = ScreenedTransport(
            StdioLines(input: input, output: output, logger: logger), session: session, logger: logger)
        try await server.start(transport: transport)
        // The client closing standard input ends the session, and so does a graceful shutdown; the relay of the
        // daemon's events then stops.
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await server.waitUntilCompleted() }
            group.addTask {
                guard (try? await gracefulShutdown()) != nil else { return }
                await server.stop()
            }
            group.addTask {
                await watch.run { notice in
                    switch notice {
                    case .updated(let uri):
                        try await server.notify(ResourceUpdatedNotification.message(.init(uri: uri)))
                    case .listChanged: try await server.notify(ResourceListChangedNotification.message())
                    }
                }
            }
            await group.next()
            group.cancelAll()
        }
        await server.stop()
        await link.close()
    }

    /// The SDK's server with every handler registered, answering from `daemon` (the in-process tests give a stand-in
    /// and start it on the SDK's in-memory transport, wrapped in `ScreenedTransport` as `run` wraps standard I/O).
    static func server(
        daemon: any DaemonCalling, theme: String?, session: ClientSession, watch: ResourceWatch,
        build: (any BuildFileSource)? = nil
    ) async -> Server {
        let server = Server(
            name: "snapstyle", version: SnapStyleVersion.current, instructions: Self.instructions,
            capabilities: .init(resources: .init(subscribe: true, listChanged: true), tools: .init(listChanged: false)))
        let runner = ToolRunner(link: daemon, defaultTheme: theme, client: session)
        await register(on: server, runner: runner, resources: ThemeResources(link: daemon, build: build), watch: watch)
        return server
    }

    private static func register(on server: Server, runner: ToolRunner, resources: ThemeResources, watch: ResourceWatch)
        async
    {
        let socket = runner.link.socket
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: SnapStyleTool.allCases.map(\.definition))
        }
        await server.withMethodHandler(ToolCall.self) { params in
            let (name, arguments) = try params.call()
            return await runner.call(name, arguments)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            do {
                return ListResources.Result(resources: try await resources.list())
            } catch let error as SnapStyleClientError {
                throw MCPError.internalError(ToolRunner.message(error, socket: socket))
            }
        }
        await server.withMethodHandler(ReadResource.self) { params in
            let resource = try Self.resource(params.uri)
            do {
                return ReadResource.Result(contents: [try await resources.read(resource)])
            } catch let error as SnapStyleClientError {
                if case .server(let code, _, _) = error, code == RPCError.unknownThemeCode {
                    throw MCPError.serverError(
                        code: Self.resourceNotFoundCode,
                        message: "\(ToolRunner.message(error, socket: socket)): \(Quoted.excerpt(params.uri))")
                }
                throw MCPError.internalError(ToolRunner.message(error, socket: socket))
            }
        }
        await server.withMethodHandler(ResourceSubscribe.self) { params in
            var resource = try Self.resource(params.uri)
            if case .build(let path) = resource.kind {
                guard let found = try await resources.buildResource(path) else {
                    throw resources.build == nil
                        ? Self.noBuild(path)
                        : MCPError.serverError(
                            code: Self.resourceNotFoundCode,
                            message: "no resource \(Quoted.excerpt(params.uri)): no build output writes it")
                }
                resource = found
            }
            let themes: [String]
            do {
                themes = try await resources.themeNames()
            } catch let error as SnapStyleClientError {
                throw MCPError.internalError(ToolRunner.message(error, socket: socket))
            }
            guard themes.contains(resource.theme) else {
                throw MCPError.serverError(
                    code: Self.resourceNotFoundCode,
                    message: "no resource \(Quoted.excerpt(params.uri)): there is no theme "
                        + "'\(Quoted.excerpt(resource.theme))' (themes: \(themes.joined(separator: ", ")))")
            }
            guard watch.subscribe(resource) else {
                throw MCPError.serverError(
                    code: RPCError.limitExceededCode,
                    message: "a session subscribes to at most \(watch.maxSubscriptions) resources: unsubscribe from "
                        + "one first")
            }
            return Empty()
        }
        await server.withMethodHandler(ResourceUnsubscribe.self) { params in
            watch.unsubscribe(try Self.resource(params.uri))
            return Empty()
        }
    }

    /// MCP's code for a resource that does not exist.
    static let resourceNotFoundCode = -32002

    static func resource(_ uri: String) throws -> ThemeResource {
        guard let resource = ThemeResource(uri: uri) else {
            throw MCPError.serverError(
                code: resourceNotFoundCode,
                message:
                    "no resource \(Quoted.excerpt(uri)): they are snapstyle://theme/NAME.css, "
                    + "snapstyle://theme/NAME.tokens.json, snapstyle://theme/NAME/keys and, with --build, "
                    + "snapstyle://build/FILE")
        }
        return resource
    }

    /// A build file asked for when no build config is served.
    static func noBuild(_ path: String) -> MCPError {
        .serverError(
            code: resourceNotFoundCode,
            message: "no resource \(ThemeResource.buildPrefix)\(Quoted.excerpt(path)): no build config is served "
                + "(snapstyle mcp --build FILE)")
    }
}
