import ArgumentParser
import Foundation
import SnapStyleDiagnostics
import SnapStyleEngine
import SnapStyleJansson
import SnapStyleProtocol
import SnapStyleSystem
import SnapStyleThemes

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate theme files, theme directories or roots offline; print every error as path:line:column.",
        discussion: """
            Warnings (what DTCG token files write but the format forbids, token files a resolver does not \
            reference) are printed as path:line:column: warning: message and do not fail the check. \
            A file is checked as the theme it belongs to: inside a theme root (one of --themes, the user's or the \
            system's roots) that is its theme; elsewhere a FILE.json is a single-file theme. A directory is a root \
            when it is a known root, holds a sub-directory, holds no .json file, or holds more than one file with \
            a theme manifest; otherwise it is a directory theme (name it with --themes DIR to check it as a \
            root); a directory holding $themes.json or $metadata.json is a Tokens Studio project, checked as one \
            theme. A theme's extends is looked up in the same roots as the daemon's, plus the PATHs given. \
            --format github prints each error and warning as a GitHub Actions workflow command (an annotation on \
            the file in a pull request), --format sarif one SARIF 2.1.0 log (for code scanning); --warnings applies \
            to every format. Exit status: 1 when a theme has an error (or a path does not exist), otherwise 0.
            """)

    @Argument(help: "Theme files, theme directories or roots (default: every root).")
    var paths: [String] = []

    @Option(name: .long, help: "A theme root (repeatable).")
    var themes: [String] = []

    /// How warnings are printed.
    enum WarningMode: String, ExpressibleByArgument, CaseIterable {
        case none, summary, all
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Warnings: none, summary (one line per kind with its count; the default for imported themes) or all "
                + "(each at its place; the default for native themes)."))
    var warnings: WarningMode?

    /// How the problems are printed.
    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, github, sarif
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "text (path:line:column: message), github (workflow commands: annotations in a GitHub Actions run) or "
                + "sarif (a SARIF 2.1.0 log on standard output)."))
    var format: OutputFormat = .text

    func run() async throws {
        let standard = try DaemonSettings.roots(adding: themes)
        // Every read is bounded before it starts, as the daemon's: a huge (or sparse) file is an error, not an abort.
        let fileSystem = POSIXFileSystem(maxFileBytes: Limits.fileBytes)
        var targets: [(root: ThemeRoot, name: String?)] = []
        if paths.isEmpty { targets = standard.map { ($0, nil) } }
        for path in paths {
            let full = POSIXFileSystem.normalized(POSIXFileSystem.absolute(path))
            guard let kind = fileSystem.kind(of: full) else {
                FileHandle.standardError.write(Data("snapstyle: \(path): no such file or directory\n".utf8))
                throw ExitCode(1)
            }
            targets.append(target(full, kind: kind, known: standard, fileSystem: fileSystem))
        }
        var errorCount = 0
        var warningCount = 0
        var themeCount = 0
        // What the github and sarif formats print, in order.
        var diagnostics: [Diagnostic] = []
        for (root, name) in targets {
            let output = ThemeBuilder(roots: [root] + standard.filter { $0.path != root.path }, fileSystem: fileSystem)
                .build()
            let build = output.build, report = output.report
            for path in report.misnamed where path.hasPrefix(root.path + "/") {
                let message =
                    "not loaded: theme names are lowercase letters, digits, '.', '_' and '-', starting with a letter "
                    + "or digit"
                if format == .text {
                    warn("\(displayPath(path)): \(message)")
                } else {
                    diagnostics.append(Diagnostic(severity: .warning, file: displayPath(path), message: message))
                }
            }
            let checked = build.infos.filter { $0.root == root.path && (name == nil || $0.name == name) }
            if name == nil, checked.isEmpty, !paths.isEmpty || root.origin == .config {
                warn("found no themes in \(displayPath(root.path))")
            }
            for info in checked {
                themeCount += 1
                if info.format == .dtcg, format != .sarif { printLine(inferred(info, root: root)) }
                for error in info.errors {
                    errorCount += 1
                    let shown = error.shown(as: displayPath(root.path + "/" + error.file))
                    if format == .text {
                        printLine(shown.description)
                    } else {
                        diagnostics.append(Self.diagnostic(shown, severity: .error))
                    }
                }
                var warnings = info.warnings.map { $0.shown(as: displayPath(root.path + "/" + $0.file)) }
                warnings += unreferencedTokenFiles(info, root: root).map {
                    ThemeError(
                        file: displayPath(root.path + "/" + $0), line: 1, column: 1,
                        message: "not read: \(info.name).resolver.json does not reference it")
                }
                warningCount += warnings.count
                let mode = self.warnings ?? (info.format == .dtcg ? .summary : .all)
                let theme = displayPath(root.path + "/" + info.name)
                if format == .text {
                    for line in Self.warningLines(warnings, mode: mode, theme: theme) { printLine(line) }
                } else {
                    diagnostics += Self.warningDiagnostics(warnings, mode: mode, theme: theme)
                }
            }
        }
        let warned = warningCount > 0 ? ", \(warningCount) warning(s)" : ""
        let errors = errorCount > 0 ? "\(errorCount) error(s)" : "no errors"
        let summary = "checked \(themeCount) theme(s): \(errors)\(warned)"
        switch format {
        case .text:
            printLine(summary)
        case .github:
            for diagnostic in diagnostics { printLine(GitHubAnnotation.command(diagnostic)) }
            printLine(summary)
        case .sarif:
            let log = SARIFLog(
                toolName: "snapstyle", toolVersion: SnapStyleVersion.current,
                workingDirectory: FileManager.default.currentDirectoryPath, diagnostics: diagnostics)
            printLine(Jansson.encode(log.json, pretty: true))
            FileHandle.standardError.write(Data("snapstyle: \(summary)\n".utf8))
        }
        if errorCount > 0 { throw ExitCode(1) }
    }

    /// A theme error or warning as a diagnostic.
    static func diagnostic(_ error: ThemeError, severity: Diagnostic.Severity) -> Diagnostic {
        Diagnostic(
            severity: severity, file: error.file, line: error.line, column: error.column, message: error.message)
    }

    /// A theme's warnings as diagnostics: each (`all`), the first of each kind saying how many there are
    /// (`summary`), or none.
    static func warningDiagnostics(_ warnings: [ThemeError], mode: WarningMode, theme: String) -> [Diagnostic] {
        let each = warnings.map { diagnostic($0, severity: .warning) }
        switch mode {
        case .none: return []
        case .all: return each
        case .summary: return Diagnostic.summarized(each, in: theme)
        }
    }

    /// The `*.tokens.json` files below a resolver theme's directory, as discovery lists a directory theme's files,
    /// that its resolver does not reference.
    func unreferencedTokenFiles(_ info: ThemeInfo, root: ThemeRoot) -> [String] {
        guard info.files.contains("\(info.name).resolver.json") else { return [] }
        let directory = ThemeDiscovery.Location(root: root, name: info.name, kind: .directory)
        return ThemeDiscovery.files(of: directory, fileSystem: POSIXFileSystem(maxFileBytes: Limits.fileBytes)).filter {
            ThemeDiscovery.FileRole(path: $0) == .tokens && !info.files.contains($0)
        }
    }

    /// The theme a root entry names: `NAME.resolver.json`, `NAME.tokens.json` and `NAME.json` all name `NAME`.
    func themeName(entry: String) -> String {
        ThemeDiscovery.theme(entry: entry, kind: entry.hasSuffix(".json") ? .file : .directory)?.0
            ?? (entry.hasSuffix(".json") ? String(entry.dropLast(5)) : entry)
    }

    /// What `check` found in an imported theme: its files, and its modifiers with what each follows.
    func inferred(_ info: ThemeInfo, root: ThemeRoot) -> String {
        let modifiers = info.modifiers.map { modifier in
            let follows = modifier.mappedTo.map { " follows " + Jansson.encode($0) } ?? " (a context variable)"
            return "\(modifier.name): \(modifier.contexts.joined(separator: ", "))\(follows)"
        }
        let files = info.files.filter { !$0.hasPrefix("\u{1}") }
        let isProject = ThemeSummary.isTokensStudioProject(files: files)
        return "\(displayPath(root.path + "/" + info.name)): note: design tokens"
            + (isProject ? " (a Tokens Studio project, checked as one theme)" : "") + ", \(info.tokens) token(s) from "
            + files.joined(separator: ", ")
            + (modifiers.isEmpty ? "; no modes" : "; modifiers: " + modifiers.joined(separator: "; "))
    }

    func target(_ path: String, kind: FileKind, known: [ThemeRoot], fileSystem: some ThemeFileSystem)
        -> (ThemeRoot, String?)
    {
        for root in known {
            if path == root.path { return (root, nil) }
            if path.hasPrefix(root.path + "/") {
                let first = String(path.dropFirst(root.path.count + 1).split(separator: "/")[0])
                return (root, themeName(entry: first))
            }
        }
        let parent = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        if kind != .directory {
            // A file among other theme files is a file of the directory's theme (`tokens/tokens.json` beside
            // `tokens/tokens.dark.json`); a file alone, or a resolver, is a theme of its own.
            let siblings = ((try? fileSystem.entries(of: parent)) ?? []).filter {
                $0.kind == .file && $0.name.hasSuffix(".json") && !ThemeDiscovery.isIgnored($0.name)
            }
            let grandparent = (parent as NSString).deletingLastPathComponent
            let directory = (parent as NSString).lastPathComponent
            if siblings.count > 1, !base.hasSuffix(".resolver.json"), ThemeName.isValid(directory) {
                return (ThemeRoot(path: grandparent, origin: .config), directory)
            }
            return (ThemeRoot(path: parent, origin: .config), themeName(entry: base))
        }
        let entries = ((try? fileSystem.entries(of: path)) ?? []).filter { !ThemeDiscovery.isIgnored($0.name) }
        let files = entries.filter { $0.kind == .file && $0.name.hasSuffix(".json") }.map(\.name)
        // A Tokens Studio project is one theme, whatever sub-folders its sets live in.
        if files.contains("$themes.json") || files.contains("$metadata.json") {
            return (ThemeRoot(path: parent, origin: .config), base)
        }
        // A theme has at most one manifest: files with a `theme` section each are single-file themes.
        let manifests = files.filter { name in
            guard let bytes = try? fileSystem.read(path + "/" + name), let json = try? Jansson.parse(bytes: bytes)
            else { return false }
            return json["theme"] != nil
        }
        let isRoot = entries.contains { $0.kind == .directory } || files.isEmpty || manifests.count > 1
        return isRoot ? (ThemeRoot(path: path, origin: .config), nil) : (ThemeRoot(path: parent, origin: .config), base)
    }

    func warn(_ message: String) {
        FileHandle.standardError.write(Data("snapstyle: warning: \(message)\n".utf8))
    }

    /// The path relative to the current directory when it is below it.
    func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }

    /// The lines for a theme's warnings: each at its place (`all`), one per kind with its count and first place
    /// (`summary`: a kind is the message less the key it names and what it quotes), or none.
    static func warningLines(_ warnings: [ThemeError], mode: WarningMode, theme: String) -> [String] {
        switch mode {
        case .none: return []
        case .all:
            return warnings.map { warning in
                var shown = warning
                shown.message = "warning: " + shown.message
                return shown.description
            }
        case .summary:
            var kinds: [(kind: String, first: ThemeError, count: Int)] = []
            var index: [String: Int] = [:]
            for warning in warnings {
                let kind = DiagnosticRule.kind(of: warning.message)
                if let at = index[kind] {
                    kinds[at].count += 1
                } else {
                    index[kind] = kinds.count
                    kinds.append((kind, warning, 1))
                }
            }
            return kinds.map { kind in
                let first = "\(kind.first.file):\(kind.first.line):\(kind.first.column)"
                return kind.count == 1
                    ? "\(first): warning: \(kind.first.message)"
                    : "\(theme): warning: \(kind.count) × \(kind.kind) (the first at \(first); --warnings all lists them)"
            }
        }
    }
}
