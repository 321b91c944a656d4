import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// `snapstyle audit` as a user runs it: a seeded regression in a copy of the example theme `ocean`, the
/// suggestion applied, SARIF checked against the official schema, declared and conventionally named pairs.
@Suite(.serialized) struct AuditCLITests {
    /// A root holding a copy of `etc/snapstyle/themes/ocean`.
    static func oceanCopy() throws -> TemporaryDirectory {
        let root = TemporaryDirectory(prefix: "snapstyle-audit")
        try FileManager.default.copyItem(
            atPath: Checkout.root + "/etc/snapstyle/themes/ocean", toPath: root.full("ocean"))
        return root
    }

    static func audit(_ root: TemporaryDirectory, _ arguments: [String] = []) throws -> (CLIRun, JSONValue) {
        let run = try CLIRun(["audit", "--themes", root.path, "--theme", "ocean", "--format", "json"] + arguments)
        return (run, try Jansson.parse(run.stdout))
    }

    static func failing(_ report: JSONValue) -> [JSONValue] {
        report["themes"]?.arrayValue?.first?["pairs"]?.arrayValue?.filter { $0["passes"] == false } ?? []
    }

    @Test func aLighterBrandColorIsReportedWithItsPlaceAndASuggestionThatPassesOnceApplied() throws {
        let root = try Self.oceanCopy()
        let colors = root.full("ocean/colors.json")
        let (before, baseline) = try Self.audit(root)
        #expect(!Self.failing(baseline).contains { $0["name"] == "accent ocean" }, "white on #0A6CFF is 4.56:1")
        _ = before

        // The seeded regression: the brand blue made lighter.
        var text = try String(contentsOfFile: colors, encoding: .utf8)
        text = text.replacingOccurrences(of: ##""oceanBlue": "#0A6CFF""##, with: ##""oceanBlue": "#3D8BFF""##)
        try text.write(toFile: colors, atomically: true, encoding: .utf8)
        let (seeded, report) = try Self.audit(root)
        #expect(seeded.status == 1)
        let accent = try #require(Self.failing(report).first { $0["name"] == "accent ocean" })
        #expect(accent["foreground"]?["key"] == "ocean")
        #expect(accent["foreground"]?["member"] == "onAccent")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.contains(#""ocean": {"#)
        }
        #expect(accent["foreground"]?["line"]?.intValue == line.map { $0 + 1 })
        #expect(accent["foreground"]?["file"]?.stringValue?.hasSuffix("ocean/colors.json") == true)
        #expect(accent["ratio"]!.doubleValue! < 4.5)
        #expect(accent["contexts"]?.arrayValue?.contains { $0["colorScheme"] == "light" } == true)
        // The lighter blue also reaches the components that draw on the accent (buttons, interactive containers).
        #expect(Self.failing(report).count > Self.failing(baseline).count)
        let suggestion = try #require(accent["suggestion"]?["to"]?.stringValue)
        #expect(accent["suggestion"]?["from"] == "#FFFFFFFF")

        // Applied: the accent's onAccent gets the suggested color, and the pair passes in every context.
        let hex = String(suggestion.prefix(7))
        text = text.replacingOccurrences(of: ##""onAccent": "#FFFFFF""##, with: ##""onAccent": "\##(hex)""##)
        try text.write(toFile: colors, atomically: true, encoding: .utf8)
        let (_, fixed) = try Self.audit(root, ["--all"])
        let measured = try #require(
            fixed["themes"]?.arrayValue?.first?["pairs"]?.arrayValue?.filter { $0["name"] == "accent ocean" })
        #expect(!measured.isEmpty)
        #expect(measured.allSatisfy { $0["passes"] == true })
        #expect(!Self.failing(fixed).contains { $0["foreground"]?["key"] == "ocean" })
    }

    @Test func sarifIsValidAgainstTheOfficialSchemaAndPointsAtTheForegroundsDefinition() throws {
        let root = try Self.oceanCopy()
        let colors = root.full("ocean/colors.json")
        var text = try String(contentsOfFile: colors, encoding: .utf8)
        text = text.replacingOccurrences(of: ##""oceanBlue": "#0A6CFF""##, with: ##""oceanBlue": "#3D8BFF""##)
        try text.write(toFile: colors, atomically: true, encoding: .utf8)
        let output = root.full("audit.sarif")
        let run = try CLIRun(
            [
                "audit", "--themes", root.path, "--theme", "ocean", "--theme", "snap", "--format", "sarif",
                "--output", output,
            ])
        #expect(run.status == 1, "\(run.stderr)")
        let schema =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
            + "/Fixtures/sarif-schema-2.1.0.json"
        let check = try Program.run(
            "/usr/bin/python3",
            [
                "-c",
                """
                import json, sys, jsonschema
                schema = json.load(open(sys.argv[1]))
                log = json.load(open(sys.argv[2]))
                jsonschema.Draft4Validator.check_schema(schema)
                errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=str)
                for error in errors[:5]: print(error.message, list(error.path))
                sys.exit(1 if errors else 0)
                """,
                schema, output,
            ])
        #expect(check.status == 0, "\(check.output)")
        let log = try Jansson.parse(String(contentsOfFile: output, encoding: .utf8))
        #expect(log["version"] == "2.1.0")
        let results = try #require(log["runs"]?.arrayValue?.first?["results"]?.arrayValue)
        let uris = results.compactMap {
            $0["locations"]?.arrayValue?.first?["physicalLocation"]?["artifactLocation"]?["uri"]?.stringValue
        }
        #expect(uris.count == results.count)
        #expect(uris.contains { $0.hasPrefix("file://") && $0.hasSuffix("ocean/colors.json") })
        #expect(uris.contains("snap/surface.json"), "the preset's keys point into the embedded preset's files")
    }

    @Test func declaredPairsAndNamingConventionsOfAnImportedTheme() throws {
        let root = TemporaryDirectory(prefix: "snapstyle-audit")
        try FileManager.default.createDirectory(atPath: root.full("brand"), withIntermediateDirectories: true)
        try """
        {"color": {
          "primary": {"$type": "color", "$value": "#1E6BD6"},
          "on-primary": {"$type": "color", "$value": "#FFFFFF"},
          "accent": {"$type": "color", "$value": "#FFD60A"},
          "accent-foreground": {"$type": "color", "$value": "#FFFFFF"},
          "text": {"default": {"$type": "color", "$value": "#1C1C1E"}, "muted": {"$type": "color", "$value": "#A0A0A8"}},
          "background": {"default": {"$type": "color", "$value": "#FFFFFF"}},
          "link": {"$type": "color", "$value": "#8AB4F8"}
        }}
        """.write(toFile: root.full("brand/brand.tokens.json"), atomically: true, encoding: .utf8)
        try """
        {"theme": {"extends": "snap", "audit": [
          {"foreground": "color.link", "background": "color.background.*", "text": "large"}
        ]}}
        """.write(toFile: root.full("brand/manifest.json"), atomically: true, encoding: .utf8)
        try """
        {"color": {"text": {"muted": {"$type": "color", "$value": "#5A5A60"}},
                   "background": {"default": {"$type": "color", "$value": "#1C1C1E"}}}}
        """.write(toFile: root.full("brand/brand.dark.tokens.json"), atomically: true, encoding: .utf8)
        let check = try CLIRun(["check", "--themes", root.path, root.full("brand")])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let run = try CLIRun(["audit", "--themes", root.path, "--format", "json", "--all"])
        let report = try Jansson.parse(run.stdout)
        #expect(report["themes"]?.arrayValue?.map { $0["theme"] } == ["brand"], "the roots' themes by default")
        let pairs = report["themes"]?.arrayValue?.first?["pairs"]?.arrayValue ?? []
        func named(_ name: String) -> [JSONValue] { pairs.filter { $0["name"]?.stringValue == name } }
        let on = named("convention on-X over X").filter { $0["foreground"]?["key"] == "color.on-primary" }
        #expect(!on.isEmpty && on.allSatisfy { $0["passes"] == true && $0["background"]?["key"] == "color.primary" })
        let accent = named("convention X-foreground over X")
        #expect(!accent.isEmpty && accent.allSatisfy { $0["passes"] == false }, "white on yellow fails")
        let muted = named("convention text-* over background-*/surface-*").filter {
            $0["foreground"]?["key"] == "color.text.muted"
        }
        #expect(!muted.isEmpty && muted.allSatisfy { $0["passes"] == false })
        // In dark mode the muted text's value, and so its place, is the dark file's.
        let dark = muted.filter { $0["contexts"]?.arrayValue?.first?["colorScheme"] == "dark" }
        #expect(!dark.isEmpty)
        #expect(dark.allSatisfy { $0["foreground"]?["file"]?.stringValue?.hasSuffix("brand.dark.tokens.json") == true })
        #expect(dark.allSatisfy { $0["foreground"]?["line"] == 1 })
        let light = muted.filter { $0["contexts"]?.arrayValue?.first?["colorScheme"] == "light" }
        #expect(light.allSatisfy { $0["foreground"]?["file"]?.stringValue?.hasSuffix("brand.tokens.json") == true })
        let declared = named("declared pair 1")
        #expect(!declared.isEmpty && declared.allSatisfy { $0["category"] == "large text" })
        // The light link passes over the dark background and fails over the white one.
        #expect(
            declared.allSatisfy {
                $0["passes"]?.boolValue == ($0["contexts"]?.arrayValue?.first?["colorScheme"] == "dark")
            })
        #expect(run.status == 1)
        let markdown = try CLIRun(["audit", "--themes", root.path, "--format", "markdown"])
        #expect(markdown.stdout.hasPrefix("## Contrast audit: WCAG 2.2 AA"))
        #expect(markdown.stdout.contains("| brand |"))
        #expect(markdown.stdout.contains("`color.accent-foreground`"))
    }

    @Test func checkReportsAMalformedAuditSection() throws {
        let root = TemporaryDirectory(prefix: "snapstyle-audit")
        try ##"{"theme": {"audit": [{"foreground": "a"}]}, "surface": {"a": "#000000"}}"##
            .write(toFile: root.full("broken.json"), atomically: true, encoding: .utf8)
        let check = try CLIRun(["check", "--themes", root.path, root.full("broken.json")])
        #expect(check.status == 1)
        #expect(check.stdout.contains("broken.json:1:"), "\(check.stdout)")
        #expect(check.stdout.contains("theme: audit[0] must be"), "\(check.stdout)")
        let audit = try CLIRun(["audit", "--themes", root.path, "--theme", "broken"])
        #expect(audit.status == 2)
        #expect(audit.stderr.contains("theme 'broken' has errors"))
    }

    @Test func anUnknownThemeExitsTwoAndAPassingThemeZero() throws {
        let unknown = try CLIRun(["audit", "--theme", "nosuchtheme"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no theme 'nosuchtheme'"))
        let root = TemporaryDirectory(prefix: "snapstyle-audit")
        try """
        {"theme": {"extends": null},
         "surface": {"ink": "#000000", "paper": "#FFFFFF",
           "line": {"when": [{"if": {"colorScheme": "dark"}, "then": "#AAAAAA"}], "else": "#5A5A5A"}},
         "composition": {"page": {"foreground": "ink", "background": "paper", "border": "line"}},
         "number": {"hairline": 1, "body": 17},
         "font": {"body": {"size": 17, "weight": "regular"}},
         "container": {"page": {"composition": "page", "border": "hairline"}},
         "component": {"page": {"container": "page", "font": {"any": "body", "title": "body"}}}}
        """.write(toFile: root.full("plain.json"), atomically: true, encoding: .utf8)
        let run = try CLIRun(["audit", "--themes", root.path, "--theme", "plain", "--apca", "--level", "AAA"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("plain: no pair fails WCAG 2.2 AAA and APCA bronze in 12 context(s)"))
        // APCA's terms are said wherever its figures are asked for, and only there.
        #expect(run.stderr.contains("for predicting the contrast of web content in support of WCAG only"))
        let markdown = try CLIRun([
            "audit", "--themes", root.path, "--theme", "plain", "--apca", "--format", "markdown",
        ])
        #expect(markdown.stdout.contains("<sub>APCA (base algorithm 0.0.98G-4g) is licensed"))
        let wcag = try CLIRun(["audit", "--themes", root.path, "--theme", "plain", "--format", "markdown"])
        #expect(wcag.status == 0 && !wcag.stdout.contains("APCA") && !wcag.stderr.contains("APCA"))
    }
}
