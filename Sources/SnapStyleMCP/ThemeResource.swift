/// A theme's resources, by URI: `snapstyle://theme/NAME.css` (CSS custom properties in the default context),
/// `snapstyle://theme/NAME.tokens.json` (the DTCG export) and `snapstyle://theme/NAME/keys` (every key with its
/// value, JSON); and with `--build CONFIG`, each file the config's outputs write, `snapstyle://build/FILE`.
struct ThemeResource: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case css, tokens, keys
        /// A build output's file, by its path as the config names it.
        case build(String)

        /// The resources every theme has.
        static let themeKinds: [Kind] = [.css, .tokens, .keys]
    }

    /// The theme the resource is made from (for a build file: its output's theme, once known).
    var theme: String
    var kind: Kind

    static let prefix = "snapstyle://theme/"
    static let buildPrefix = "snapstyle://build/"

    init(theme: String, kind: Kind) {
        self.theme = theme
        self.kind = kind
    }

    /// Reads a URI; nil for one that names no resource. A build file's theme is left empty: the config knows it.
    init?(uri: String) {
        if uri.hasPrefix(Self.buildPrefix) {
            let path = String(uri.dropFirst(Self.buildPrefix.count))
            guard !path.isEmpty else { return nil }
            self.init(theme: "", kind: .build(path))
            return
        }
        guard uri.hasPrefix(Self.prefix) else { return nil }
        let rest = String(uri.dropFirst(Self.prefix.count))
        for kind in Kind.themeKinds where rest.hasSuffix(kind.suffix) {
            let theme = String(rest.dropLast(kind.suffix.count))
            guard !theme.isEmpty, !theme.contains("/") else { return nil }
            self.init(theme: theme, kind: kind)
            return
        }
        return nil
    }

    var uri: String {
        if case .build(let path) = kind { return Self.buildPrefix + path }
        return Self.prefix + theme + kind.suffix
    }

    var mimeType: String {
        switch kind {
        case .css: "text/css"
        case .tokens: "application/design-tokens+json"
        case .keys: "application/json"
        case .build(let path): Self.mediaType(of: path)
        }
    }

    var title: String {
        switch kind {
        case .css: "\(theme): CSS custom properties"
        case .tokens: "\(theme): DTCG design tokens"
        case .keys: "\(theme): every key with its value"
        case .build(let path): "\(path): a build output of \(theme)"
        }
    }

    var description: String {
        switch kind {
        case .css: "The theme's values in the default context as CSS custom properties under :root."
        case .tokens: "The theme as a DTCG 2025.10 token document (default context), importable by token tools."
        case .keys:
            "Every key of the theme by attribute with its value in the default context: {ATTRIBUTE: {KEY: value}}."
        case .build(let path):
            "The file \(path) as the build config writes it, made from theme \(theme) when read; updated when the "
                + "theme is saved."
        }
    }
}

extension ThemeResource {
    /// A build file's media type by its extension.
    static func mediaType(of path: String) -> String {
        let types = [
            ".css": "text/css", ".scss": "text/x-scss", ".js": "text/javascript", ".ts": "text/plain",
            ".json": "application/json", ".xml": "application/xml", ".swift": "text/x-swift",
        ]
        return types.first { path.hasSuffix($0.key) }?.value ?? "text/plain"
    }
}

extension ThemeResource.Kind {
    var suffix: String {
        switch self {
        case .css: ".css"
        case .tokens: ".tokens.json"
        case .keys: "/keys"
        case .build: ""
        }
    }
}
