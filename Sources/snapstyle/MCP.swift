import ArgumentParser
import Foundation
import Logging
import SnapStyleBuild
import SnapStyleClient
import SnapStyleMCP
import SnapStyleProtocol

struct MCP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the design system to coding agents: a Model Context Protocol server on stdin and stdout.",
        discussion: """
            Add it to an agent's MCP configuration as the command `snapstyle mcp` (docs/agents.md). Its tools \
            (list_themes, search_keys, resolve, resolve_component, explain, export_css) and resources (each \
            theme's CSS, DTCG tokens and keys, and with --build each file of a build config's outputs, with change \
            notifications) answer from the running daemon. Logs go to stderr. Runs until the agent closes stdin.
            """)

    @Option(name: .long, help: "The theme every tool uses when the call names none (default: the daemon's default).")
    var theme: String?

    @Option(name: .long, help: "The daemon's socket (default: $XDG_RUNTIME_DIR/snapstyle/snapstyled.sock).")
    var socket: String?

    @Option(
        name: .long,
        help: "A build config (snapstyle.build.json) whose output files are served as snapstyle://build/FILE.")
    var build: String?

    @Option(name: .long, help: ArgumentHelp("The log level on stderr.", valueName: "level"))
    var logLevel: Logger.Level = .warning

    func run() async throws {
        let socket = self.socket ?? DaemonSettings.socket
        var project: BuildProject?
        if let build {
            do {
                project = try BuildProject.load(build)
            } catch {
                FileHandle.standardError.write(Data("snapstyle: \(error)\n".utf8))
                throw ExitCode(1)
            }
        }
        try await runReporting {
            // Exit status 3, with the usual hint, when no daemon answers.
            _ = try await DaemonBackend(socket: socket, offlineWorks: false).call(.ping, [:], as: PingResult.self)
        }
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        var logger = Logger(label: "snapstyle-mcp")
        logger.logLevel = logLevel
        let server = MCPServer(configuration: .init(socket: socket, theme: theme, build: project), logger: logger)
        do {
            try await server.runService()
        } catch {
            FileHandle.standardError.write(Data("snapstyle: mcp: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
