import ArgumentParser
import Foundation
import Logging
import SnapStyleConfiguration
import SnapStyleJansson
import SnapStyleLSP
import SnapStyleSystem
import SnapStyleThemes

struct LSP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "A language server (LSP 3.17 over stdin and stdout) for theme files and the style sheets using them.",
        discussion: """
            Loads the themes in-process, as --offline does (no daemon needed), reads the editor's unsaved buffers \
            and watches the theme roots for changes made outside the editor. Roots: --themes, then the client's \
            workspace folders that hold themes, then the roots the CLI reads. Logs go to stderr. See docs/editors.md.
            """)

    @Option(name: .long, help: "A theme root (repeatable), before the workspace folders and the standard roots.")
    var themes: [String] = []

    @Option(
        name: .long,
        help: """
            The theme style sheets' var(--NAME) resolve against (default: the configured defaultTheme, else the \
            workspace's one imported theme when it has exactly one, else snap).
            """)
    var theme: String?

    @Flag(name: .long, help: "Speak over stdin and stdout (the only transport; accepted for clients that pass it).")
    var stdio = false

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let configuration = try DaemonSettings.forOfflineUse()
        let given = themes.map {
            ThemeRoot(path: POSIXFileSystem.normalized(POSIXFileSystem.absolute($0)), origin: .config)
        }
        let standard = try DaemonSettings.roots(adding: []).filter { root in !given.contains { $0.path == root.path } }
        let options = LanguageServerOptions(
            themes: given, standardRoots: standard, cssTheme: theme ?? Self.configuredTheme(configuration),
            presetDirectory: PresetFiles.directory(environment: ProcessInfo.processInfo.environment))
        let status = await StdioConnection.run(options: options, logger: Logger(label: "snapstyle.lsp"))
        if status != 0 { throw ExitCode(status) }
    }

    /// The default theme when the configuration file names one (the built-in default does not count).
    static func configuredTheme(_ configuration: DaemonConfiguration) -> String? {
        let environment = ProcessInfo.processInfo.environment
        guard let file = DaemonConfiguration.configFile(explicit: nil, environment: environment),
            let bytes = try? POSIXFileSystem().read(file),
            let json = try? Jansson.parse(bytes: bytes), json["defaultTheme"] != nil
        else { return nil }
        return configuration.defaultTheme
    }
}
