import Foundation
import SnapStyleTestSupport
import Testing

/// A real team's CSS reproduced from a config: Designsystemet's tokens (the 2026-08 fixture of SnapStyleThemesTests,
/// see its SOURCE.md) built with the config docs/build.md shows, compared declaration by declaration with the CSS the
/// team's own build (Style Dictionary with Tokens Studio's transforms) wrote from the same tokens.
@Suite struct DesignsystemetBuildTests {
    static let fixture = Checkout.root + "/Tests/SnapStyleThemesTests/Fixtures/designsystemet/2026-08"

    /// The config as docs/build.md shows it (its `"."` is the directory holding `designsystemet/`).
    static var config: String {
        get throws {
            let docs = try String(contentsOfFile: Checkout.root + "/docs/build.md", encoding: .utf8)
            let start = try #require(docs.range(of: "```json\n{\n  \"themes\": [\".\"],"))
            let end = try #require(docs[start.upperBound...].range(of: "```\n"))
            return String(docs[docs.index(start.lowerBound, offsetBy: 8)..<end.lowerBound])
        }
    }

    /// Our declarations and the team's, by place (the blocks around them) and name.
    static func built() throws -> (ours: CSSDeclarations, team: CSSDeclarations) {
        let directory = TemporaryDirectory(prefix: "snapstyle-designsystemet")
        let config = try Self.config.replacingOccurrences(of: #""themes": ["."]"#, with: #""themes": ["\#(fixture)"]"#)
        directory.write("snapstyle.build.json", config)
        let run = try CLIRun(["build", "--config", directory.full("snapstyle.build.json")])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.full("theme")).sorted()
        #expect(files.count == 7, "\(files)")
        let ours = try files.map { try String(contentsOfFile: directory.full("theme/" + $0), encoding: .utf8) }
        let team = try String(contentsOfFile: fixture + "/designsystemet.css", encoding: .utf8)
        return (CSSDeclarations(ours.joined(separator: "\n")), CSSDeclarations(team))
    }

    /// The color-scheme blocks (light, dark, and each again under `prefers-color-scheme` for `auto`): every one of
    /// the team's 524 declarations is ours, in the same layer, with the same value (hex digits in either case), and
    /// we write nothing more there.
    @Test func theColorSchemeBlocksAreTheTeams() throws {
        let (ours, team) = try Self.built()
        let schemes = team.declarations.filter { $0.layer.hasPrefix("ds.theme.color-scheme.") }
        #expect(schemes.count == 524)
        var byPlace: [String: CSSDeclarations.Declaration] = [:]
        for declaration in ours.declarations { byPlace[declaration.place + " " + declaration.name] = declaration }
        var sameText = 0
        for expected in schemes {
            let found = byPlace[expected.place + " " + expected.name]
            #expect(found?.layer == expected.layer, "\(expected.place) \(expected.name)")
            #expect(found?.value.lowercased() == expected.value.lowercased(), "\(expected.place) \(expected.name)")
            if found?.value == expected.value { sameText += 1 }
        }
        // Seven light base colors (in each of the two light blocks) the team writes with the capitals of its source
        // (`#0062BA`); ours are lower case.
        #expect(sameText == 510)
        let places = Set(schemes.map(\.place))
        #expect(ours.declarations.filter { places.contains($0.place) }.count == 524)
    }

    /// Typography: the team's weights, line heights, letter spacings and family are ours, by value; the typography
    /// styles' members keep our names' `typography-` (the team's build drops that group from the name).
    @Test func theTypographyBlocksHoldTheTeamsValues() throws {
        let (ours, team) = try Self.built()
        var byPlace: [String: String] = [:]
        for declaration in ours.declarations { byPlace[declaration.place + " " + declaration.name] = declaration.value }
        let typography = team.declarations.filter { $0.layer.hasPrefix("ds.theme.typography.") }
        #expect(typography.count == 164)
        var renamed = 0
        for expected in typography {
            let name = expected.place + " " + expected.name
            let typographyName = expected.place + " --ds-typography-" + expected.name.dropFirst(5)
            if byPlace[typographyName] != nil { renamed += 1 }
            #expect((byPlace[name] ?? byPlace[typographyName]) == expected.value, "\(name)")
        }
        #expect(renamed == 132)
    }

    /// The semantic block: the team keeps its radius math as `min()` over variables and its border widths in px;
    /// ours resolves each to a length in rem. The shadows and the opacity are the team's text.
    @Test func theSemanticBlockResolvesWhatTheTeamKeepsAsMath() throws {
        let (ours, team) = try Self.built()
        let semantic = team.declarations.filter { $0.layer == "ds.theme.semantic" }
        #expect(semantic.count == 16)
        var byName: [String: String] = [:]
        for declaration in ours.declarations where declaration.layer == "ds.theme.semantic" {
            byName[declaration.name] = declaration.value
        }
        #expect(byName["--ds-border-radius-base"] == "0.25rem" && byName["--ds-border-radius-full"] == "624.9375rem")
        // min(0.25rem * 0.5, 0.25rem) and min(0.25rem * 3, 0.25rem * 7), resolved.
        #expect(byName["--ds-border-radius-sm"] == "0.125rem" && byName["--ds-border-radius-xl"] == "0.75rem")
        let same = semantic.filter { byName[$0.name] == $0.value }.map(\.name)
        #expect(same == ["--ds-border-radius-base", "--ds-border-radius-scale", "--ds-border-radius-full"])
    }
}
