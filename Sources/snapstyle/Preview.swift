import ArgumentParser
import Foundation
import SnapStyleBuild
import Logging
import SnapStyleEngine
import SnapStylePreview
import SnapStyleProtocol
import SnapStyleSystem

struct Preview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a live preview page, and the theme as CSS, JSON and DTCG that hot-reload, over HTTP.",
        discussion: """
            Open the printed address in a browser: the page shows every key of a theme in a context you choose and \
            updates as theme files are saved. A web app can link /theme/NAME.css and listen on /events to hot-reload \
            its theme (README). Only loopback addresses may be bound. Runs until interrupted.
            """)

    @Option(name: .long, help: "The theme the page opens with (default: the daemon's default theme).")
    var theme: String?

    @Option(name: .long, help: "The loopback address to bind: 127.0.0.1, another 127.x address, ::1 or localhost.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port (0 takes a free one).")
    var port = 7373

    @Option(name: .long, help: "The daemon's socket (default: $XDG_RUNTIME_DIR/snapstyle/snapstyled.sock).")
    var socket: String?

    @Option(name: .long, help: "Event streams open at once, at most; more are refused with 503.")
    var maxStreams = Limits.eventStreams

    @Option(
        name: .long,
        help: ArgumentHelp("Seconds a daemon answer may take before the request is 504 (tests).", visibility: .hidden))
    var daemonTimeout = 10.0

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds a new connection has to send a whole request head before it is closed (tests).",
            visibility: .hidden))
    var headTimeout = Double(Limits.previewHeadSeconds)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Connections one client address may hold, event streams not counted (tests, benchmarks).",
            visibility: .hidden))
    var connectionsPerAddress = Limits.previewConnectionsPerAddress

    @Option(name: .long, help: "A build config (snapstyle.build.json) whose output files are served at /build/FILE.")
    var build: String?

    func validate() throws {
        guard LoopbackAddress(host) != nil else {
            throw ValidationError("--host must be a loopback address (127.0.0.1, ::1 or localhost), not '\(host)'")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        guard maxStreams >= 1 else { throw ValidationError("--max-streams must be at least 1") }
        guard daemonTimeout > 0, daemonTimeout.isFinite else {
            throw ValidationError("--daemon-timeout must be a positive number of seconds")
        }
        guard connectionsPerAddress >= 1 else { throw ValidationError("--connections-per-address must be at least 1") }
        guard headTimeout > 0, headTimeout.isFinite else {
            throw ValidationError("--head-timeout must be a positive number of seconds")
        }
    }

    func run() async throws {
        let socket = self.socket ?? DaemonSettings.socket
        var project: BuildProject?
        if let build {
            do { project = try BuildProject.load(build) } catch {
                FileHandle.standardError.write(Data("snapstyle: \(error)\n".utf8))
                throw ExitCode(1)
            }
        }
        try await runReporting {
            // Exit status 3, with the usual hint, when no daemon answers.
            _ = try await DaemonBackend(socket: socket, offlineWorks: false).call(.ping, [:], as: PingResult.self)
        }
        // Each event stream is an open file: the usual soft limit of 1,024 is too low for --max-streams.
        FileDescriptorLimit.raise()
        var logger = Logger(label: "snapstyle-preview")
        logger.logLevel = .warning
        let server = PreviewServer(
            configuration: .init(
                address: LoopbackAddress(host)!, port: port, socket: socket, theme: theme,
                daemonTimeout: .milliseconds(Int64(daemonTimeout * 1000)), maxStreams: maxStreams,
                headTimeout: .milliseconds(Int64(headTimeout * 1000)), connectionsPerAddress: connectionsPerAddress,
                build: project),
            logger: logger)
        do {
            try await server.run { url in printLine("preview: \(url)") }
        } catch {
            FileHandle.standardError.write(Data("snapstyle: preview: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
