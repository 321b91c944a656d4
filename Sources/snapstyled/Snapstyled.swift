import ArgumentParser
import Foundation
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import SnapStyleBuild
import SnapStyleConfiguration
import SnapStyleEngine
import SnapStyleServer
import SnapStyleSystem
import SnapStyleThemes
import UnixSignals

/// `snapstyled`: serves themes over a Unix socket (docs/daemon.md, "snapstyled").
@main
struct Snapstyled: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapstyled", abstract: "Serve SnapStyle themes over a Unix socket, live.",
        version: Daemon.version)

    @Option(name: .long, help: "The socket path (default: $XDG_RUNTIME_DIR/snapstyle/snapstyled.sock).")
    var socket: String?

    @Option(name: .long, help: "A theme root, before the standard ones (repeatable).")
    var themes: [String] = []

    @Option(name: .long, help: "The configuration file.")
    var config: String?

    @Option(name: .customLong("default-theme"), help: "The theme requests get when they name none.")
    var defaultTheme: String?

    @Option(
        name: .customLong("log-level"), help: "\(DaemonConfiguration.logLevelNames.joined(separator: ", ")).")
    var logLevel: String?

    @Flag(name: .customLong("no-watch"), help: "Do not watch the theme roots (reload on SIGHUP only).")
    var noWatch = false

    /// Exit status 1 for a usage error too (docs/daemon.md), not ArgumentParser's 64.
    static func main() async {
        // A closed stdout or a client gone mid-write is an error from write, never a signal that ends the daemon.
        CurrentProcess.ignoreBrokenPipe()
        do {
            var command = try parseAsRoot()
            if var async = command as? AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure || error is ValidationError {
                FileHandle.standardError.write(Data(("snapstyled: " + fullMessage(for: error) + "\n").utf8))
                CurrentProcess.exit(1)
            }
            exit(withError: error)
        }
    }

    func configured(environment: [String: String]) throws -> DaemonConfiguration {
        var configuration = try DaemonConfiguration.load(explicit: config, environment: environment)
        if let socket { configuration.socket = socket }
        configuration.themes = themes + configuration.themes
        if let defaultTheme {
            guard ThemeName.isValid(defaultTheme) else { throw ValidationError("--default-theme: not a theme name") }
            configuration.defaultTheme = defaultTheme
        }
        if let logLevel {
            guard let level = DaemonConfiguration.logLevel(named: logLevel) else {
                let names = DaemonConfiguration.logLevelNames.joined(separator: ", ")
                throw ValidationError("--log-level: expected one of \(names)")
            }
            configuration.logLevel = level
        }
        configuration.watch = !noWatch
        return configuration
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var configuration: DaemonConfiguration
        do {
            configuration = try configured(environment: environment)
        } catch let error as DaemonConfiguration.Error {
            fail("\(error)")
        }
        let level = configuration.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "snapstyled")

        let userRoot = ThemeRoot.userRoot(environment: environment)
        do { try POSIXFileSystem().createDirectory(userRoot, mode: 0o700) } catch {
            logger.warning("cannot create the user theme root: \(error)")
        }
        // The builds kept fresh: a config error stops the start, as one in snapstyled.json does. Their theme roots
        // are served too, after the configured ones.
        var builds: [BuildProject] = []
        for file in configuration.builds {
            do { builds.append(try BuildProject.load(file)) } catch { fail("builds: \(error)") }
        }
        var extraRoots = configuration.themes.map(POSIXFileSystem.absolute)
        for root in builds.flatMap(\.roots) where !extraRoots.contains(root) { extraRoots.append(root) }
        let roots = ThemeRoot.standard(extra: extraRoots, environment: environment)
        let store = ThemeStore(
            roots: roots, fileSystem: POSIXFileSystem(maxFileBytes: configuration.maxFileBytes),
            cacheBudget: CacheBudget(bytes: configuration.maxCacheBytes), defersLargeCompiles: true)
        let activated = SocketPath.activatedDescriptor(environment: environment)
        let socketPath =
            activated.flatMap(SocketPath.boundPath(of:)) ?? configuration.socket.map(POSIXFileSystem.absolute)
            ?? SocketPath.defaultPath(environment: environment)
        if activated == nil {
            do { try SocketPath.prepare(socketPath) } catch { fail("\(error)") }
        }
        // Past the open-files limit, accepting fails; below it, one client too many is answered -32005.
        if let files = FileDescriptorLimit.raise(),
            FileDescriptorLimit.connections(fitting: files) < configuration.maxConnections
        {
            let fitting = FileDescriptorLimit.connections(fitting: files)
            logger.warning(
                """
                maxConnections \(configuration.maxConnections) does not fit the open-files limit \(files): serving \
                \(fitting) clients at once (raise LimitNOFILE= or ulimit -n)
                """)
            configuration.maxConnections = fitting
        }
        let notifier = SystemdNotifier(environment: environment)
        let daemon = Daemon(
            configuration: configuration, store: store, socketPath: socketPath, logger: logger, notifier: notifier)
        // Watch first, then load: a change in between is applied right after start-up, never missed.
        let reloads =
            configuration.watch
            ? ReloadService(daemon: daemon, roots: roots.map(\.path), settleMillis: configuration.settleMillis) : nil
        do { try reloads?.startWatching() } catch { fail("\(error)") }
        logger.log(store.reloadAll(), reason: "start-up")
        for root in roots where root.origin == .config && POSIXFileSystem().kind(of: root.path) == nil {
            logger.warning("theme root \(root.path) does not exist: it is loaded when it appears")
        }
        if !store.infos.contains(where: { $0.name == configuration.defaultTheme }) {
            let names = store.infos.map(\.name).joined(separator: ", ")
            logger.warning(
                """
                default theme '\(configuration.defaultTheme)' is in no root (themes: \(names)): requests that name \
                no theme get -32001 until it appears
                """)
        }
        // SIGHUP's default action ends the process: it is trapped before the server says it is ready.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)
        let listener: RPCServer.Listener = activated.map { .activated(descriptor: $0) } ?? .path(socketPath)
        let server = RPCServer(daemon: daemon, listener: listener, eventLoops: eventLoops) {
            let line = activated == nil ? socketPath : "\(socketPath) (socket activation, fd 3)"
            // Nobody may be reading (`make run | head -1`): the daemon serves on regardless.
            try? FileHandle.standardOutput.write(contentsOf: Data("snapstyled listening on \(line)\n".utf8))
            logger.info("ready: \(daemon.readiness.statusLine)")
            daemon.readiness.ready()
        }
        // Shut down in reverse order: the watcher and signals first, then the listener, and the deferred answers
        // last, so that requests read before the listener closed are still answered.
        var services: [any Service] = [
            daemon.deferred, server, ReloadSignalService(daemon: daemon, hangups: hangups),
            DeferredCompiles(changes: daemon.changes),
        ]
        if let reloads { services.append(reloads) }
        if !builds.isEmpty { services.append(BuildService(daemon: daemon, projects: builds)) }
        if let interval = SystemdNotifier.watchdogInterval(environment: environment) {
            services.append(WatchdogService(notifier: notifier, interval: interval))
        }
        // Whatever is running when SIGTERM comes, the daemon is gone 4 s later (systemd's stop never times out).
        services.append(ShutdownDeadline(logger: logger))
        let group = ServiceGroup(
            configuration: .init(
                services: services.map { .init(service: $0) }, gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        do {
            try await group.run()
            try await eventLoops.shutdownGracefully()
        } catch {
            logger.error("\(error)")
            throw ExitCode(1)
        }
    }

    func fail(_ message: String) -> Never {
        try? FileHandle.standardError.write(contentsOf: Data("snapstyled: \(message)\n".utf8))
        CurrentProcess.exit(1)
    }
}
