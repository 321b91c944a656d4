import Logging
import SnapStyleJSON
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

@testable import SnapStyleLSP

/// Contrast warnings from the language server in-process: at the foreground key's definition of an open theme,
/// from the buffer's text, gone when fixed or closed.
@Suite struct ContrastWarningsTests {
    static let theme = """
        {
          "component": {"inkCard": {"extends": "contentCard", "composition": {"label": "inkText"}}},
          "composition": {"inkText": {"foreground": "inkLabel"}},
          "surface": {
            "inkLabel": {"when": [{"if": {"colorScheme": "dark"}, "then": "#EBEBF0"}], "else": "#3A3A3C"}
          }
        }
        """

    /// A server on a root holding `ink/theme.json`, initialized; what it sent is collected.
    final class Harness {
        let roots = TemporaryDirectory()
        var sent: [JSONValue] = []
        var server: LanguageServer!
        var path: String { roots.path + "/ink/theme.json" }
        var uri: String { FileURI.uri(path) }

        init() async {
            roots.write("ink/theme.json", ContrastWarningsTests.theme)
            let options = LanguageServerOptions(
                themes: [ThemeRoot(path: roots.path, origin: .config)], standardRoots: [], cssTheme: nil,
                presetDirectory: nil)
            server = LanguageServer(options: options, logger: Logger(label: "test")) { [unowned self] in
                self.sent.append($0)
            }
            await server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
            await server.handle(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        }

        /// Sends a notification, flushes as the loop does when no message waits, and returns the diagnostics last
        /// published for the theme file.
        func notify(_ method: String, _ params: JSONValue) async -> [JSONValue]? {
            sent = []
            await server.handle(["jsonrpc": "2.0", "method": .string(method), "params": params])
            await server.flush()
            return sent.last {
                $0["method"]?.stringValue == "textDocument/publishDiagnostics"
                    && $0["params"]?["uri"]?.stringValue == uri
            }?["params"]?["diagnostics"]?.arrayValue
        }

        func change(_ text: String, version: Int64) async -> [JSONValue]? {
            await notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(uri), "version": .integer(version)],
                    "contentChanges": [["text": .string(text)]],
                ])
        }
    }

    @Test func aFailingForegroundIsAWarningAtItsDefinitionUntilFixed() async throws {
        let harness = await Harness()
        let opened = await harness.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(harness.uri), "languageId": "json", "version": 1, "text": .string(Self.theme),
                ]
            ])
        #expect(opened == [])

        let pale = Self.theme.replacingOccurrences(of: "\"else\": \"#3A3A3C\"", with: "\"else\": \"#C8C8C8\"")
        let warnings = try #require(await harness.change(pale, version: 2))
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning["severity"] == 2)
        #expect(warning["code"] == "contrast")
        // The key's line in the file (0-based: the fifth line) and its column, where `"inkLabel"` starts.
        #expect(warning["range"]?["start"]?["line"] == 4)
        #expect(warning["range"]?["start"]?["character"] == 4)
        let message = warning["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("contrast below WCAG 2.2 AA: surface inkLabel fails in "), "\(message)")
        #expect(message.contains("inkCard label (normal)"), "\(message)")
        #expect(message.contains("suggestion: surface inkLabel #C8C8C8 → #"), "\(message)")

        #expect(await harness.change(Self.theme, version: 3) == [])
    }

    @Test func anOpenedThemesDiagnosticsComeBeforeItsFirstAuditThenWithItsWarnings() async throws {
        let harness = await Harness()
        let pale = Self.theme.replacingOccurrences(of: "\"else\": \"#3A3A3C\"", with: "\"else\": \"#C8C8C8\"")
        _ = await harness.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(harness.uri), "languageId": "json", "version": 1, "text": .string(pale)]])
        let published = harness.sent.filter { $0["params"]?["uri"]?.stringValue == harness.uri }
            .compactMap { $0["params"]?["diagnostics"]?.arrayValue }
        #expect(published.count == 2, "\(published)")
        #expect(published.first == [], "first without the audit")
        #expect(published.last?.count == 1, "then with its warning")
        // An edit's audit is incremental: one publish, with the warnings.
        _ = await harness.change(Self.theme, version: 2)
        let edited = harness.sent.filter { $0["params"]?["uri"]?.stringValue == harness.uri }
        #expect(edited.count == 1 && edited.first?["params"]?["diagnostics"]?.arrayValue == [])
    }

    @Test func theCSSNamesAreWorkedOutOnlyWhileAStyleSheetIsOpen() async throws {
        let harness = await Harness()
        _ = await harness.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(harness.uri), "languageId": "json", "version": 1, "text": .string(Self.theme),
                ]
            ])
        let pale = Self.theme.replacingOccurrences(of: "\"else\": \"#3A3A3C\"", with: "\"else\": \"#C8C8C8\"")
        _ = await harness.change(pale, version: 2)
        #expect(harness.server.cssTable == nil, "no style sheet is open: the names are not needed")
        let sheet = FileURI.uri(harness.roots.path + "/app.css")
        _ = await harness.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(sheet), "languageId": "css", "version": 1,
                    "text": ".a { color: var(--surface-system-gray); }",
                ]
            ])
        let table = try #require(harness.server.cssTable)
        #expect(table["--surface-system-gray"]?.key == "systemGray")
        let warnings = harness.sent.last { $0["params"]?["uri"]?.stringValue == sheet }?["params"]?["diagnostics"]
        #expect(warnings?.arrayValue == [], "the sheet names a key of the style sheets' theme")
    }

    @Test func closingTheThemeTakesItsWarningsAway() async throws {
        let harness = await Harness()
        let pale = Self.theme.replacingOccurrences(of: "\"else\": \"#3A3A3C\"", with: "\"else\": \"#C8C8C8\"")
        // Saved too: once closed, the theme is built from the disk's text, which still fails.
        harness.roots.write("ink/theme.json", pale)
        let opened = await harness.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(harness.uri), "languageId": "json", "version": 1, "text": .string(pale)]])
        #expect(opened?.count == 1)
        let closed = await harness.notify("textDocument/didClose", ["textDocument": ["uri": .string(harness.uri)]])
        #expect(closed == [], "only open themes are audited")
    }
}
