import MCP
import SnapStyleClient
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol

/// Lists and reads the themes' resources through the daemon.
struct ThemeResources: Sendable {
    let link: any DaemonCalling

    /// An export's text, the theme it is of and the generation it came from (nil: it changed meanwhile).
    struct Export {
        var theme: String
        var generation: Int?
        var text: String
    }

    /// The themes' names, in the daemon's order.
    func themeNames() async throws -> [String] {
        guard let themes = ThemesResult(json: try await link.call(.themes, [:])) else {
            throw SnapStyleClientError.unexpectedResult("not a themes result")
        }
        return themes.themes.map(\.name)
    }

    /// Three resources per theme, in the daemon's order of themes.
    func list() async throws -> [Resource] {
        try await themeNames().flatMap { name in
            ThemeResource.Kind.allCases.map { kind in
                let resource = ThemeResource(theme: name, kind: kind)
                return Resource(
                    name: resource.uri.dropFirst(ThemeResource.prefix.count).description, uri: resource.uri,
                    title: resource.title, description: resource.description, mimeType: resource.mimeType)
            }
        }
    }

    func read(_ resource: ThemeResource) async throws -> Resource.Content {
        let params: JSONObject = ["theme": .string(resource.theme)]
        let text: String
        switch resource.kind {
        case .css: text = try await css(params: params, context: [:], selector: ":root").text
        case .tokens: text = ThemeExport.dtcg(try await resolved(params: params, context: [:], selector: ":root"))
        case .keys:
            text = ThemeExport.json([try await resolved(params: params, context: [:], selector: ":root")]) + "\n"
        }
        return .text(text, uri: resource.uri, mimeType: resource.mimeType)
    }

    /// The theme's own keys (as `snapstyle export` writes them) as CSS custom properties in `context`.
    func css(params: JSONObject, context: JSONObject, selector: String) async throws -> Export {
        let theme = try await named(params: params, context: context, selector: selector)
        return Export(theme: theme.name, generation: theme.resolved.generation, text: ThemeExport.css([theme.resolved]))
    }

    private func resolved(params: JSONObject, context: JSONObject, selector: String) async throws -> ResolvedTheme {
        try await named(params: params, context: context, selector: selector).resolved
    }

    /// Every exported key resolved in `context`, and the name of the theme the daemon answered for.
    private func named(params: JSONObject, context: JSONObject, selector: String) async throws -> (
        name: String, resolved: ResolvedTheme
    ) {
        guard let keys = KeysResult(json: try await link.call(.keys, params)) else {
            throw SnapStyleClientError.unexpectedResult("not a keys result")
        }
        let link = self.link
        let resolved = try await ThemeExport.resolve(
            keys: ThemeExport.exportedKeys(keys, inherited: false), params: params, context: context,
            selector: selector
        ) { try await link.call($0, $1) }
        return (keys.theme, resolved)
    }
}
