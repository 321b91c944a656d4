import ArgumentParser
import Foundation
import SnapStyleDiff
import SnapStyleJansson
import SnapStyleSystem

struct Diff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two states of the theme roots: definitions, resolved values per context, what they reach.",
        discussion: """
            BASE and HEAD are git revisions of the repository holding the roots (--themes, default: the current \
            directory; HEAD defaults to the working tree), or two directories (each a theme root). Both states are \
            loaded in-process (no daemon). Per theme: keys added, removed, renamed and redefined; every key whose \
            resolved value changed, in which contexts (color scheme × contrast × each imported modifier's contexts, \
            and for fonts and numbers the Dynamic Type sizes large, xxxLarge and accessibility3), and why; the \
            components, containers and CSS variables it reaches; audit pairs whose contrast fell. Exit 0 (with \
            --exit-code: nothing changed), 1 (with --exit-code: something changed), 2: a theme failed to load on a \
            side, or a side could not be read. See docs/review.md.
            """)

    /// How the report is written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, html, json
    }

    @Argument(help: "The base state: a git revision or a directory.")
    var base: String

    @Argument(help: "The head state: a git revision or a directory (default: the working tree).")
    var head: String?

    @Option(name: .long, help: "A theme to compare (repeatable; default: every theme of either side's roots).")
    var theme: [String] = []

    @Option(name: .long, help: "A theme root inside the repository (repeatable; default: the current directory).")
    var themes: [String] = []

    @Option(name: .long, help: "The output format: text, markdown, html or json.")
    var format: Format = .text

    @Flag(name: .customLong("exit-code"), help: "Exit 1 when anything changed, as git diff --exit-code does.")
    var exitCode = false

    @Option(name: .long, help: "Write to this file instead of standard output.")
    var output: String?

    func run() async throws {
        let base: DiffState, head: DiffState
        do {
            (base, head) = try DiffState.sides(base: self.base, head: self.head, roots: themes)
        } catch {
            FileHandle.standardError.write(Data("snapstyle: \(error)\n".utf8))
            throw ExitCode(2)
        }
        defer {
            base.discard()
            head.discard()
        }
        let baseBuild = base.load(), headBuild = head.load()
        let names = theme.isEmpty ? ThemeComparison.defaultThemes(base: baseBuild, head: headBuild) : theme
        let report = ThemeComparison.run(
            base: baseBuild, head: headBuild, baseLabel: base.label, headLabel: head.label, themes: names)
        let color =
            output == nil && CurrentProcess.standardOutputIsTerminal
            && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        let text =
            switch format {
            case .text: report.text(color: color)
            case .markdown: report.markdown
            case .html: report.html
            case .json: Jansson.encode(report.json, pretty: true) + "\n"
            }
        if let output {
            do {
                try text.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                FileHandle.standardError.write(Data("snapstyle: cannot write \(output): \(error)\n".utf8))
                throw ExitCode(2)
            }
        } else {
            printLine(String(text.dropLast()))
        }
        for diff in report.themes where diff.status == .error {
            for error in diff.errors {
                let place = error.file.isEmpty ? "" : "\(error.file):\(error.line):\(error.column): "
                FileHandle.standardError.write(
                    Data("snapstyle: theme '\(diff.theme)' (\(error.side.rawValue)): \(place)\(error.message)\n".utf8))
            }
        }
        if report.failed { throw ExitCode(2) }
        if exitCode, report.changed { throw ExitCode(1) }
    }
}
