import MCP
import SnapStyleClient
import SnapStyleJSON
import SnapStyleExport
import SnapStyleProtocol
import SnapStyleVocabulary

/// Lists and reads the themes' resources through the daemon.
struct ThemeResources: Sendable {
    let link: any DaemonCalling
    /// A build config's files (`--build`), served beside the themes' resources.
    var build: (any BuildFileSource)? = nil

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

    /// Three resources per theme, in the daemon's order of themes, then the build config's files.
    func list() async throws -> [Resource] {
        let themes = try await themeNames().flatMap { name in
            ThemeResource.Kind.themeKinds.map { ThemeResource(theme: name, kind: $0) }
        }
        return (themes + (try await buildResources())).map { resource in
            let prefix = resource.uri.hasPrefix(ThemeResource.prefix) ? ThemeResource.prefix : ThemeResource.buildPrefix
            return Resource(
                name: resource.uri.dropFirst(prefix.count).description, uri: resource.uri, title: resource.title,
                description: resource.description, mimeType: resource.mimeType)
        }
    }

    /// The build config's files as resources, with their themes.
    func buildResources() async throws -> [ThemeResource] {
        guard let build else { return [] }
        let link = self.link
        do {
            return try await build.list { try await link.call($0, $1) }.map {
                ThemeResource(theme: $0.theme, kind: .build($0.path))
            }
        } catch {
            throw MCPError.internalError("the build config's files cannot be listed: \(error)")
        }
    }

    /// A build file's resource with its theme; nil when no output writes it.
    func buildResource(_ path: String) async throws -> ThemeResource? {
        try await buildResources().first { $0.kind == .build(path) }
    }

    func read(_ resource: ThemeResource) async throws -> Resource.Content {
        let params: JSONObject = ["theme": .string(resource.theme)]
        let text: String
        switch resource.kind {
        case .css: text = try await css(params: params, context: [:], selector: ":root").text
        case .tokens: text = ThemeExport.dtcg(try await resolved(params: params, context: [:], selector: ":root"))
        case .keys:
            text = ThemeExport.json([try await resolved(params: params, context: [:], selector: ":root")]) + "\n"
        case .build(let path): text = try await buildFile(path)
        }
        return .text(text, uri: resource.uri, mimeType: resource.mimeType)
    }

    /// A build file's text, made now from the daemon's themes.
    private func buildFile(_ path: String) async throws -> String {
        guard let build else { throw MCPServer.noBuild(path) }
        let link = self.link
        let text: String?
        do {
            text = try await build.read(path) { try await link.call($0, $1) }
        } catch let error as SnapStyleClientError {
            throw error
        } catch {
            throw MCPError.internalError("\(ThemeResource.buildPrefix)\(Quoted.excerpt(path)): \(error)")
        }
        guard let text else {
            let files = (try? await build.list { try await link.call($0, $1) }.map(\.path)) ?? []
            throw MCPError.serverError(
                code: MCPServer.resourceNotFoundCode,
                message: "no build output writes '\(Quoted.excerpt(path))' (files: \(files.joined(separator: ", ")))")
        }
        return text
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
