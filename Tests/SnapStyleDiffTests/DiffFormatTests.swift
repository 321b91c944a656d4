import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// The seeded regression's markdown through a markdown parser (python3-markdown) and its HTML page in Chromium.
@Suite(.serialized) struct DiffFormatTests {
    static let root = Checkout.root

    static let markdownAvailable: Bool =
        (try? Program.run("/usr/bin/python3", ["-c", "import markdown"]).status) == 0

    @Test(.enabled(if: markdownAvailable || Browser.isRequired, "needs python3-markdown (see make test)"))
    func theMarkdownRendersASummaryTableAndOneSectionPerTheme() throws {
        let directory = try DiffCLITests.seeded()
        let output = directory.full("diff.md")
        let run = try CLIRun(
            ["diff", "--format", "markdown", "--output", output, directory.full("base"), directory.full("head")])
        #expect(run.status == 0, "\(run.stderr)")
        // The page as GitHub shows it: the summary, then each <details> body rendered as markdown of its own.
        let check = try Program.run(
            "/usr/bin/python3",
            [
                "-c",
                """
                import json, re, sys, markdown
                from html.parser import HTMLParser
                text = open(sys.argv[1]).read()
                class Cells(HTMLParser):
                    def __init__(self):
                        super().__init__(); self.tables = 0; self.cells = []; self.inside = False
                    def handle_starttag(self, tag, attrs):
                        if tag == 'table': self.tables += 1
                        if tag in ('td', 'th'): self.inside = True; self.cells.append('')
                    def handle_endtag(self, tag):
                        if tag in ('td', 'th'): self.inside = False
                    def handle_data(self, data):
                        if self.inside: self.cells[-1] += data
                summary = Cells(); summary.feed(markdown.markdown(text.split('<details>')[0], extensions=['tables']))
                bodies = re.findall(r'</summary>\\n(.*?)</details>', text, re.S)
                inner = Cells()
                for body in bodies: inner.feed(markdown.markdown(body, extensions=['tables']))
                print(json.dumps({'summaryTables': summary.tables, 'summaryCells': summary.cells,
                                  'details': len(bodies), 'tables': inner.tables, 'cells': inner.cells}))
                """,
                output,
            ])
        #expect(check.status == 0, "\(check.output)")
        let rendered = try Jansson.parse(check.output)
        #expect(rendered["summaryTables"] == 1)
        let summary = rendered["summaryCells"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(summary.prefix(2) == ["Theme", "Keys added"])
        #expect(summary.contains("ocean"))
        #expect(rendered["details"] == 1)
        #expect((rendered["tables"]?.intValue ?? 0) >= 3, "definitions, values, contrast")
        let cells = rendered["cells"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(cells.contains { $0.contains(#"$\color{#3d8bff}{\blacksquare}$"#) }, "a swatch GitHub renders")
        #expect(cells.contains { $0.contains("#3D8BFFFF") })
        #expect(cells.contains("accent ocean"))
    }

    @Test(
        .enabled(
            if: Browser.isAvailable || Browser.isRequired,
            "needs chromium, chromium-driver and Selenium (see make test)"))
    func theHTMLPageDrawsOldAndNewSwatchesAndLoadsNothing() throws {
        let directory = try DiffCLITests.seeded()
        let page = directory.full("diff.html")
        let run = try CLIRun(
            ["diff", "--format", "html", "--output", page, directory.full("base"), directory.full("head")])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(##"title="#3D8BFFFF""##))
        #expect(!html.contains("<script"))
        let result = try Program.run(
            Browser.python,
            Browser.pythonArguments + [Self.root + "/Tests/Browser/diff_html_browser.py", "--page", page])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("all diff html checks passed"), "\(result.output)")
        if let keep = ProcessInfo.processInfo.environment["SNAPSTYLE_DIFF_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: directory.full("diff-page.png"), toPath: keep)
        }
    }
}
