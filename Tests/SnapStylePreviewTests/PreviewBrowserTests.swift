import Foundation
import SnapStyleTestSupport
import Testing

/// The preview page and the README's hot-reload snippet in headless Chromium, driven by Selenium
/// (`Tests/Browser/preview_browser.py`), against the real daemon on a sandboxed theme root. Screenshots are kept
/// in `.build/test-artifacts/preview/`.
@Suite(.serialized) struct PreviewBrowserTests {
    static let root = Checkout.root

    @Test(
        .enabled(
            if: Browser.isAvailable || Browser.isRequired,
            "needs chromium, chromium-driver and Selenium (see make test)"))
    func thePageAndTheSnippetWorkInChromium() throws {
        try #require(Browser.isAvailable, "chromium, chromium-driver or Selenium is missing")
        let daemon = try DaemonProcess()
        daemon.write("brand.json", Self.theme)
        for (path, text) in Self.tokenTheme { daemon.write(path, text) }
        // The README's example design system, for the groups by path of an imported theme.
        let harbor = ["harbor.resolver.json"] + ["base", "light", "dark"].map { "harbor/\($0).tokens.json" }
        // And the Tokens Studio example, for an imported theme's page.
        let lantern = [
            "$themes.json", "$metadata.json", "palette.json", "core.json", "components.json",
            "semantic/light.json", "semantic/dark.json",
        ].map { "lantern/" + $0 }
        for path in harbor + lantern {
            daemon.write(path, try String(contentsOfFile: Self.root + "/etc/examples/" + path, encoding: .utf8))
        }
        try daemon.waitForTheme("brand")
        try daemon.waitForTheme("kit")
        try daemon.waitForTheme("harbor")
        try daemon.waitForTheme("lantern")
        let preview = try PreviewProcess(socket: daemon.socket, arguments: ["--theme", "brand"])
        defer { preview.stop() }

        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let snippet = try #require(Self.snippet(in: readme), "README.md has the hot-reload snippet between its markers")
        let snippetFile = daemon.directory + "/snippet.html"
        try snippet.write(toFile: snippetFile, atomically: true, encoding: .utf8)
        let artifacts = Self.root + "/.build/test-artifacts/preview"

        let result = try Program.run(
            Browser.python,
            Browser.pythonArguments + [
                Self.root + "/Tests/Browser/preview_browser.py", "--url", preview.url,
                "--theme-file", daemon.themes + "/brand.json", "--snippet", snippetFile, "--artifacts", artifacts,
                "--harbor-file", daemon.themes + "/harbor/base.tokens.json",
            ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("all browser checks passed"), "\(result.output)")
        for name in [
            "light-1440", "dark-1440", "narrow-360", "narrow-390", "wide-1440", "groups", "imported-1440",
            "narrow-390-lantern", "scales", "errors", "left-out", "contrast",
        ] {
            #expect(FileManager.default.fileExists(atPath: artifacts + "/preview-\(name).png"))
        }
    }

    static let theme = ##"""
        {
          "surface": {
            "brandPrimary": {"when": [{"if": {"colorScheme": "dark"}, "then": "#FF8800"}], "else": "#3366FF"}
          }
        }
        """##

    /// A DTCG theme `kit`: a resolver with a `mode` modifier, a color per mode, a shadow, a duration, a curve, a
    /// length in rem, and radii with an outlier (9999px) among them.
    static let tokenTheme = [
        (
            "kit.resolver.json",
            ##"""
            {"version": "2025.10",
             "sets": {"base": {"sources": [{"$ref": "./kit/base.tokens.json"}]}},
             "modifiers": {"mode": {"contexts": {"light": [{"$ref": "./kit/light.tokens.json"}],
                                                 "dark": [{"$ref": "./kit/dark.tokens.json"}]}, "default": "light"}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/mode"}]}
            """##
        ),
        (
            "kit/base.tokens.json",
            ##"""
            {"shadow": {"card": {"$type": "shadow", "$value": {
                "color": {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.25},
                "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 4, "unit": "px"},
                "blur": {"value": 12, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}},
             "motion": {"fast": {"$type": "duration", "$value": {"value": 120, "unit": "ms"}},
                        "ease": {"$type": "cubicBezier", "$value": [0.4, 0, 0.2, 1]}},
             "size": {"body": {"$type": "dimension", "$value": {"value": 1.5, "unit": "rem"}}},
             "radius": {"$type": "dimension", "sm": {"$value": {"value": 4, "unit": "px"}},
                        "lg": {"$value": {"value": 12, "unit": "px"}},
                        "full": {"$value": {"value": 9999, "unit": "px"}}}}
            """##
        ),
        ("kit/light.tokens.json", ##"{"color": {"bg": {"$type": "color", "$value": "#FFFFFF"}}}"##),
        ("kit/dark.tokens.json", ##"{"color": {"bg": {"$type": "color", "$value": "#1A1A1A"}}}"##),
    ]

    /// The HTML between `<!-- hot-reload-snippet -->` and its closing marker, without the code fence.
    static func snippet(in readme: String) -> String? {
        guard let start = readme.range(of: "<!-- hot-reload-snippet -->"),
            let end = readme.range(of: "<!-- /hot-reload-snippet -->", range: start.upperBound..<readme.endIndex)
        else { return nil }
        let lines = readme[start.upperBound..<end.lowerBound].split(separator: "\n").filter { !$0.hasPrefix("```") }
        return lines.joined(separator: "\n")
    }
}
