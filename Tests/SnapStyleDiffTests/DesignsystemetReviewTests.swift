import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// A real design change from a public design system's history (Fixtures/designsystemet-portal, see SOURCE.md):
/// Designsystemet's commit that recolored its `portal` theme, diffed as two revisions of a git repository, and the
/// Tokens Studio project audited.
@Suite(.serialized) struct DesignsystemetReviewTests {
    static let fixture: String = Bundle.module.url(
        forResource: "designsystemet-portal", withExtension: nil, subdirectory: "Fixtures")!.path

    /// A git repository with the project at the base commit, then the commit's two files laid over it.
    static func repository() throws -> TemporaryDirectory {
        let repository = TemporaryDirectory(prefix: "snapstyle-diff-designsystemet")
        let tokens = repository.full("design-tokens")
        try FileManager.default.createDirectory(atPath: tokens, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture + "/base/designsystemet", toPath: tokens + "/designsystemet")
        func git(_ arguments: [String]) throws {
            let run = try Program.run(
                "/usr/bin/git",
                ["-C", repository.path, "-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments)
            #expect(run.status == 0, "git \(arguments): \(run.output)")
        }
        try git(["init", "-q"])
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "base"])
        for mode in ["light", "dark"] {
            let file = "designsystemet/primitives/modes/color-scheme/\(mode)/portal.json"
            try FileManager.default.removeItem(atPath: tokens + "/" + file)
            try FileManager.default.copyItem(atPath: fixture + "/head/" + file, toPath: tokens + "/" + file)
        }
        try git(["commit", "-q", "-am", "chore: updated portal theme colors (#3502)"])
        return repository
    }

    /// `portal.GROUP.N` → its hex in a color scheme's file on one side.
    static func colors(_ side: String, _ mode: String) throws -> [String: String] {
        let path = fixture + "/\(side)/designsystemet/primitives/modes/color-scheme/\(mode)/portal.json"
        let json = try Jansson.parse(try String(contentsOfFile: path, encoding: .utf8))
        var colors: [String: String] = [:]
        for group in json["portal"]?.objectValue?.members ?? [] {
            for step in group.value.objectValue?.members ?? [] {
                colors["portal.\(group.key).\(step.key)"] = step.value["$value"]?.stringValue?.uppercased()
            }
        }
        return colors
    }

    /// The project as a team shipping only the portal theme selects it: one entry per group of `$themes.json`,
    /// so each group is one set of files and no modifier multiplies the contexts (the whole project has 864).
    static func portalOnly() throws -> TemporaryDirectory {
        let root = TemporaryDirectory(prefix: "snapstyle-audit-designsystemet")
        try FileManager.default.copyItem(atPath: fixture + "/base/designsystemet", toPath: root.full("designsystemet"))
        let path = root.full("designsystemet/$themes.json")
        let themes = try Jansson.parse(try String(contentsOfFile: path, encoding: .utf8)).arrayValue ?? []
        let kept: [String: String] = [
            "Size": "medium", "Typography": "primary", "Support color": "brand1", "Theme": "portal",
        ]
        let selected = themes.filter { theme in
            guard let group = theme["group"]?.stringValue, let name = kept[group] else { return true }
            return theme["name"]?.stringValue == name
        }
        #expect(selected.count == themes.count - 8)
        try Jansson.encode(.array(selected)).write(toFile: path, atomically: true, encoding: .utf8)
        return root
    }

    static func luminance(_ hex: String) -> Double {
        let channels = [1, 3, 5].map { offset -> Double in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            let value = Double(Int(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }

    @Test func theTokensStudioProjectIsAuditedThroughItsNamingConventions() throws {
        let root = try Self.portalOnly()
        let run = try CLIRun([
            "audit", "--themes", root.path, "--theme", "designsystemet", "--format", "json", "--all",
        ])
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        let report = try Jansson.parse(run.stdout)
        #expect(report["problems"]?.arrayValue == [])
        let theme = try #require(report["themes"]?.arrayValue?.first)
        #expect(theme["contexts"]?.arrayValue?.count == 12)
        let named = (theme["pairs"]?.arrayValue ?? []).filter {
            $0["name"] == "convention text-* over background-*/surface-*"
        }
        // text-subtle and text-default over the two backgrounds and five surfaces of each of the project's color
        // groups (accent, neutral, brand1, brand2, brand3, and the severity colors).
        let foregrounds = Set(named.compactMap { $0["foreground"]?["key"]?.stringValue })
        for group in ["accent", "neutral", "brand1"] {
            #expect(foregrounds.contains("color.\(group).text-default"), "\(foregrounds)")
            #expect(foregrounds.contains("color.\(group).text-subtle"))
        }
        #expect(named.contains { $0["background"]?["key"] == "color.accent.background-default" })
        // Each ratio is the WCAG formula over the colors the report names, in light and dark mode.
        for pair in named {
            let foreground = try #require(pair["drawn"]?["foreground"]?.stringValue)
            let background = try #require(pair["drawn"]?["background"]?.stringValue)
            let (a, b) = (Self.luminance(foreground), Self.luminance(background))
            let ratio = try #require(pair["ratio"]?.doubleValue)
            #expect(abs(ratio - (max(a, b) + 0.05) / (min(a, b) + 0.05)) < 0.001, "\(pair)")
            #expect(pair["passes"]?.boolValue == (ratio >= (pair["required"]?.doubleValue ?? 0)))
        }
        let schemes = Set(named.flatMap { $0["contexts"]?.arrayValue ?? [] }.compactMap { $0["colorScheme"] })
        #expect(schemes == ["light", "dark"])
        #expect(run.status == (theme["failing"] == 0 ? 0 : 1))
    }

    @Test func theCommitThatRecoloredPortalChangesPortalsColorsAndNoOtherTheme() throws {
        let repository = try Self.repository()
        let run = try CLIRun([
            "diff", "--themes", repository.full("design-tokens"), "--format", "json", "HEAD~1", "HEAD",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try Jansson.parse(run.stdout)
        let theme = try #require(report["themes"]?.arrayValue?.first { $0["theme"] == "designsystemet" })
        #expect(theme["status"] == "compared")

        // Every primitive the commit rewrote is redefined, and nothing else.
        var changed: Set<String> = []
        for mode in ["light", "dark"] {
            let before = try Self.colors("base", mode), after = try Self.colors("head", mode)
            changed.formUnion(before.keys.filter { before[$0] != after[$0] })
        }
        #expect(changed.count > 50)
        let keys = theme["keys"]?.arrayValue ?? []
        #expect(Set(keys.compactMap { $0["key"]?.stringValue }) == changed)
        #expect(keys.allSatisfy { $0["change"] == "redefined" })

        // The semantic colors read them, in the portal theme's contexts only.
        let values = theme["values"]?.arrayValue ?? []
        let accent = try #require(values.first { $0["key"] == "color.accent.base-default" })
        let groups = accent["changes"]?.arrayValue ?? []
        #expect(!groups.isEmpty)
        for group in groups {
            for context in group["contexts"]?.arrayValue ?? [] {
                #expect(context["vars"]?["Theme"] == "portal", "\(context)")
            }
        }
        // A pull-request comment names the contexts by what they have in common, not each of the 36 combinations.
        let markdown = try CLIRun([
            "diff", "--themes", repository.full("design-tokens"), "--format", "markdown", "HEAD~1", "HEAD",
        ])
        #expect(markdown.status == 0)
        let row = markdown.stdout.split(separator: "\n").first {
            $0.hasPrefix("| `surface color.accent.base-default` |")
        }
        #expect(row?.contains("| light, light high contrast; Theme=portal |") == true, "\(row ?? "")")
        #expect(!markdown.stdout.contains("Size=medium"))
        #expect(accent["cause"]?["definition"] == false)
        #expect(accent["cause"]?["upstream"]?.arrayValue?.isEmpty == false)
    }
}
