import ArgumentParser
import Foundation
import SnapStyleEngine
import SnapStyleJansson
import SnapStyleProtocol
import SnapStyleReview
import SnapStyleSystem
import SnapStyleThemes

struct Audit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure text and UI contrast of themes in every context; exit 1 when a pair fails.",
        discussion: """
            Pairs come from the model: each component's elements over their container's background in every \
            container state, borders, each accent's onAccent over its base; an imported theme adds the pairs its \
            manifest declares (theme.audit) and those its color names imply (on-X over X, X-foreground over X, \
            text-* over background-*/surface-*). Contexts: light and dark, standard and high contrast, Dynamic Type \
            large, xxxLarge and accessibility3, and each modifier that follows no built-in context. Themes are \
            loaded in-process (no daemon). Exit 0: every pair passes; 1: a pair fails; 2: a theme could not be \
            audited. See docs/review.md.
            """)

    /// How the report is written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown, sarif
    }

    @Option(name: .long, help: "A theme to audit (repeatable; default: every theme of the roots, else snap).")
    var theme: [String] = []

    @Option(name: .long, help: "The WCAG 2.2 level: AA or AAA.")
    var level: WCAGLevel = .AA

    @Flag(
        name: .long,
        help: """
            Also require APCA's bronze-level lightness contrast (Lc). APCA's license grants its use for web content \
            in support of WCAG only; see docs/review.md.
            """)
    var apca = false

    @Option(name: .long, help: "The output format: text, json, markdown or sarif.")
    var format: Format = .text

    @Flag(name: .long, help: "List the passing and exempt pairs too (not in sarif).")
    var all = false

    @Option(name: .long, help: "A theme root (repeatable).")
    var themes: [String] = []

    @Option(name: .long, help: "Write to this file instead of standard output.")
    var output: String?

    func run() async throws {
        let roots = try DaemonSettings.roots(adding: themes)
        let fileSystem = POSIXFileSystem(maxFileBytes: Limits.fileBytes)
        let build = ThemeBuilder(roots: roots, fileSystem: fileSystem).build().build
        let names = theme.isEmpty ? ThemeAudit.defaultThemes(of: build) : theme
        let report = ThemeAudit.run(
            store: build, themes: names, options: AuditOptions(level: level, apca: apca), all: all,
            displayPath: displayPath, readFile: { try? fileSystem.read($0) })
        let text =
            switch format {
            case .text: report.text
            case .markdown: report.markdown
            case .json: Jansson.encode(report.json, pretty: true) + "\n"
            case .sarif: Jansson.encode(report.sarif(version: SnapStyleVersion.current), pretty: true) + "\n"
            }
        if let output {
            do {
                try text.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                FileHandle.standardError.write(Data("snapstyle: cannot write \(output): \(error)\n".utf8))
                throw ExitCode(2)
            }
        } else {
            // A reader that goes away (`| head`) ends the command quietly, as elsewhere.
            printLine(String(text.dropLast()))
        }
        for problem in report.problems { FileHandle.standardError.write(Data("snapstyle: \(problem)\n".utf8)) }
        if apca { FileHandle.standardError.write(Data("snapstyle: note: \(AuditReport.apcaNotice)\n".utf8)) }
        if report.themes.count < names.count { throw ExitCode(2) }
        if report.failed { throw ExitCode(1) }
    }

    /// The path relative to the current directory when it is below it.
    func displayPath(_ path: String) -> String {
        let path = POSIXFileSystem.normalized(POSIXFileSystem.absolute(path))
        let cwd = FileManager.default.currentDirectoryPath
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }
}

extension WCAGLevel: ExpressibleByArgument {}
