import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// A real Tokens Studio project in both of its formats (Fixtures/designsystemet, see SOURCE.md): the team's own
/// conversion from the legacy syntax to Tokens Studio's DTCG option resolves to the same values, and the project as
/// committed today loads without an error and resolves to the values of the team's own built CSS.
@Suite struct DesignsystemetFixtureTests {
    static func store(_ revision: String) throws -> ThemeStore {
        let url = try #require(
            Bundle.module.url(forResource: revision, withExtension: nil, subdirectory: "Fixtures/designsystemet"))
        return loadedStore([ThemeRoot(path: url.path, origin: .config)])
    }

    /// Every own key's resolved value in a context.
    static func values(_ store: ThemeStore, _ context: StyleContext) throws -> [NodeRef: JSONValue] {
        let theme = try #require(store.theme(named: "designsystemet"))
        let session = theme.session()
        var values: [NodeRef: JSONValue] = [:]
        for case .key(let attribute, let key) in theme.snapshot.layers.last!.tokens.tokens.keys {
            values[.key(attribute, key)] = try session.resolve(attribute, key, context: context)?.json
        }
        return values
    }

    @Test func tokensStudiosOwnConversionToItsDTCGFormatResolvesToTheSameValuesInEveryContext() throws {
        let legacy = try Self.store("2024-08-legacy"), dtcg = try Self.store("2024-08-dtcg")
        for store in [legacy, dtcg] {
            #expect(try ThemeStoreTests.info(store, "designsystemet").errors == [])
        }
        let modifiers = try ThemeStoreTests.info(legacy, "designsystemet").modifiers
        #expect(modifiers.map(\.name) == (try ThemeStoreTests.info(dtcg, "designsystemet").modifiers.map(\.name)))
        // Every combination of the modifiers' contexts.
        var contexts = [StyleContext()]
        for modifier in modifiers {
            contexts = contexts.flatMap { context in
                modifier.contexts.map { name in
                    var next = context
                    next.vars[modifier.name] = .string(name)
                    return next
                }
            }
        }
        #expect(contexts.count == 32)
        var compared = 0
        for context in contexts {
            let before = try Self.values(legacy, context), after = try Self.values(dtcg, context)
            #expect(before.count > 700 && Set(before.keys) == Set(after.keys))
            for (node, value) in before {
                #expect(after[node] == value, "\(node) in \(context.vars)")
                compared += 1
            }
        }
        #expect(compared > 20_000)
    }

    /// `--ds-NAME: #hex;` declarations of the team's CSS in the block that a selector opens, by NAME.
    static func literalColors(in css: String, block selector: String) -> [String: String] {
        guard let start = css.range(of: selector + " {"), let end = css[start.upperBound...].range(of: "\n}")
        else { return [:] }
        var colors: [String: String] = [:]
        for line in css[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix("--ds-") else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces).dropLast()  // the `;`
            guard value.hasPrefix("#") else { continue }
            colors[String(parts[0].dropFirst(5))] = value.lowercased()
        }
        return colors
    }

    @Test(arguments: [
        (":root, [data-color-scheme=\"light\"]", ColorScheme.light), ("[data-color-scheme=\"dark\"]", .dark),
    ])
    func theProjectAsCommittedTodayLoadsAndMatchesTheTeamsBuiltColors(selector: String, scheme: ColorScheme) throws {
        let store = try Self.store("2026-08")
        let info = try ThemeStoreTests.info(store, "designsystemet")
        #expect(info.errors == [], "\(info.errors.prefix(5))")
        #expect(info.state == .loaded && info.tokens > 500)
        let url = try #require(
            Bundle.module.url(
                forResource: "designsystemet", withExtension: "css", subdirectory: "Fixtures/designsystemet/2026-08"))
        let expected = Self.literalColors(in: try String(contentsOf: url, encoding: .utf8), block: selector)
        #expect(expected.count > 100)
        var context = StyleContext()
        context.colorScheme = scheme
        let ours = try Self.values(store, context)
        var byName: [String: String] = [:]
        for (node, value) in ours {
            guard case .key(.surface, let key) = node, var hex = value["hex"]?.stringValue?.lowercased() else {
                continue
            }
            if hex.hasSuffix("ff") { hex.removeLast(2) }
            byName[key.replacingOccurrences(of: ".", with: "-")] = hex
        }
        for (name, hex) in expected {
            #expect(byName[name] == hex, "--ds-\(name)")
        }
    }

    /// `--ds-NAME: VALUE;` declarations of a block of the team's CSS whose value names no variable, by NAME.
    static func literals(in css: String, block selector: String) -> [String: String] {
        guard let start = css.range(of: selector + " {"), let end = css[start.upperBound...].range(of: "\n}")
        else { return [:] }
        var values: [String: String] = [:]
        for line in css[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix("--ds-") else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces).dropLast()
            guard !value.contains("var(") else { continue }
            values[String(parts[0].dropFirst(5))] = String(value)
        }
        return values
    }

    /// The typography the team's CSS writes for the default typography (line heights, letter spacing in `em`,
    /// weights, the family), declaration by declaration, equals this export's (the team drops the `typography`
    /// group from the names of its typography tokens' members).
    @Test func theExportWritesTheTeamsTypographyValues() async throws {
        let store = try Self.store("2026-08")
        let css = try await TokensStudioDetailsTests.css(store, "designsystemet")
        var ours: [String: String] = [:]
        for line in css.split(separator: "\n") {
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix("--") else { continue }
            ours[String(parts[0].dropFirst(2))] = String(parts[1].trimmingCharacters(in: .whitespaces).dropLast())
        }
        let url = try #require(
            Bundle.module.url(
                forResource: "designsystemet", withExtension: "css", subdirectory: "Fixtures/designsystemet/2026-08"))
        let team = Self.literals(
            in: try String(contentsOf: url, encoding: .utf8), block: ":root, [data-typography=\"primary\"]")
        #expect(team.count > 60)
        for (name, value) in team {
            let written = ours[name] ?? ours["typography-" + name]
            #expect(written == value, "--ds-\(name): \(value)")
        }
    }
}
