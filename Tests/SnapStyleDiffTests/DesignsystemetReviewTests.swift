import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// A real design change from a public design system's history (Fixtures/designsystemet-portal, see SOURCE.md):
/// Designsystemet's commit that recolored its `portal` theme, diffed as two revisions of a git repository.
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
        #expect(accent["cause"]?["definition"] == false)
        #expect(accent["cause"]?["upstream"]?.arrayValue?.isEmpty == false)
    }
}
