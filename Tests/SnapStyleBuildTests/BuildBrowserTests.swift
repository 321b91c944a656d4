import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// The CSS contract in Chromium: a build's CSS (with `references: var`, a prefix, a layer, a selector block and a
/// media block) makes every variable compute, in each block, to the value resolved in that block's context.
@Suite(.serialized) struct BuildBrowserTests {
    static let root = Checkout.root

    /// The blocks: their context, their CSS placement, and how the check's element and media match them.
    static let blocks: [(context: String, placement: String, attributes: JSONObject, scheme: String?)] = [
        ("{}", #""selector": ":root""#, [:], nil),
        (#"{"colorScheme": "dark"}"#, #""selector": "[data-theme=dark]""#, ["data-theme": "dark"], nil),
        (#"{"colorScheme": "dark"}"#, #""media": "(prefers-color-scheme: dark)", "selector": ":root""#, [:], "dark"),
    ]

    @Test(
        .enabled(
            if: Browser.isAvailable || Browser.isRequired,
            "needs chromium, chromium-driver and Selenium (see make test)"))
    func everyVariableComputesToItsResolvedValueInEveryBlock() async throws {
        try #require(Browser.isAvailable, "chromium, chromium-driver or Selenium is missing")
        let entries = Self.blocks.map { #"{"context": \#($0.context), \#($0.placement)}"# }.joined(separator: ", ")
        let fixture = BuildFixture(
            config: BuildFixture.config(
                #"{"format": "css", "file": "out/t.css", "theme": "ds", "prefix": "ds", "references": "var", "layer": "tokens", "contexts": [\#(entries)]}"#
            ))
        let run = try CLIRun(["build", "--config", fixture.configPath])
        #expect(run.status == 0, "\(run.stderr)")
        // What each block must compute to: the values resolved in its context, each written alone.
        var expected: [JSONValue] = []
        for block in Self.blocks {
            let files = try await BuildFixture().files(
                BuildFixture.config(
                    #"{"format": "css", "file": "one.css", "theme": "ds", "prefix": "ds", "contexts": [{"context": \#(block.context)}]}"#
                ))
            var values = JSONObject()
            for line in (files.first?.value ?? "").split(separator: "\n") where line.hasPrefix("  --") {
                let parts = line.dropFirst(2).dropLast().split(separator: ":", maxSplits: 1)
                values[String(parts[0])] = .string(parts[1].trimmingCharacters(in: .whitespaces))
            }
            #expect(values.members.count > 10)
            expected.append(
                .object([
                    "attributes": .object(block.attributes), "colorScheme": block.scheme.map(JSONValue.string) ?? .null,
                    "values": .object(values),
                ]))
        }
        let expectedFile = fixture.directory.full("expected.json")
        try Jansson.encode(.array(expected)).write(toFile: expectedFile, atomically: true, encoding: .utf8)
        let result = try Program.run(
            Browser.python,
            Browser.pythonArguments + [
                Self.root + "/Tests/Browser/build_css_browser.py", "--css", fixture.directory.full("out/t.css"),
                "--expected", expectedFile,
            ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("all build css checks passed"), "\(result.output)")
    }

    /// Tailwind puts the `@theme` variables on `:root` (Chromium, without Tailwind, ignores the at-rule), so the check
    /// reads the output with `@theme` as `:root`: every override block then computes to its context's values.
    @Test(
        .enabled(
            if: Browser.isAvailable || Browser.isRequired,
            "needs chromium, chromium-driver and Selenium (see make test)"))
    func tailwindOverridesComputeToTheirContextsValues() async throws {
        try #require(Browser.isAvailable, "chromium, chromium-driver or Selenium is missing")
        let entries = Self.blocks.enumerated().map { index, block in
            index == 0 ? #"{"context": \#(block.context)}"# : #"{"context": \#(block.context), \#(block.placement)}"#
        }.joined(separator: ", ")
        let fixture = BuildFixture(
            config: BuildFixture.config(
                #"{"format": "tailwind", "file": "out/theme.css", "theme": "ds", "contexts": [\#(entries)]}"#))
        let run = try CLIRun(["build", "--config", fixture.configPath])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOfFile: fixture.directory.full("out/theme.css"), encoding: .utf8)
        #expect(written.contains("@theme {\n"))
        let compiled = fixture.directory.full("out/compiled.css")
        try written.replacingOccurrences(of: "@theme {\n", with: ":root {\n")
            .write(toFile: compiled, atomically: true, encoding: .utf8)
        var expected: [JSONValue] = []
        for block in Self.blocks {
            let files = try await BuildFixture().files(
                BuildFixture.config(
                    #"{"format": "tailwind", "file": "one.css", "theme": "ds", "contexts": [{"context": \#(block.context)}]}"#
                ))
            var values = JSONObject()
            for line in (files.first?.value ?? "").split(separator: "\n") where line.hasPrefix("  --") {
                let parts = line.dropFirst(2).dropLast().split(separator: ":", maxSplits: 1)
                values[String(parts[0])] = .string(parts[1].trimmingCharacters(in: .whitespaces))
            }
            #expect(values.members.count > 10)
            expected.append(
                .object([
                    "attributes": .object(block.attributes), "colorScheme": block.scheme.map(JSONValue.string) ?? .null,
                    "values": .object(values),
                ]))
        }
        let expectedFile = fixture.directory.full("expected.json")
        try Jansson.encode(.array(expected)).write(toFile: expectedFile, atomically: true, encoding: .utf8)
        let result = try Program.run(
            Browser.python,
            Browser.pythonArguments + [
                Self.root + "/Tests/Browser/build_css_browser.py", "--css", compiled, "--expected", expectedFile,
            ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("all build css checks passed"), "\(result.output)")
    }
}
