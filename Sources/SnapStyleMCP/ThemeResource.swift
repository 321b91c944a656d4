/// A theme's resources, by URI: `snapstyle://theme/NAME.css` (CSS custom properties in the default context),
/// `snapstyle://theme/NAME.tokens.json` (the DTCG export) and `snapstyle://theme/NAME/keys` (every key with its
/// value, JSON).
struct ThemeResource: Hashable, Sendable {
    enum Kind: CaseIterable, Sendable {
        case css, tokens, keys
    }

    var theme: String
    var kind: Kind

    static let prefix = "snapstyle://theme/"

    init(theme: String, kind: Kind) {
        self.theme = theme
        self.kind = kind
    }

    /// Reads a URI; nil for one that names no theme resource.
    init?(uri: String) {
        guard uri.hasPrefix(Self.prefix) else { return nil }
        let rest = String(uri.dropFirst(Self.prefix.count))
        for kind in Kind.allCases where rest.hasSuffix(kind.suffix) {
            let theme = String(rest.dropLast(kind.suffix.count))
            guard !theme.isEmpty, !theme.contains("/") else { return nil }
            self.init(theme: theme, kind: kind)
            return
        }
        return nil
    }

    var uri: String { Self.prefix + theme + kind.suffix }

    var mimeType: String {
        switch kind {
        case .css: "text/css"
        case .tokens: "application/design-tokens+json"
        case .keys: "application/json"
        }
    }

    var title: String {
        switch kind {
        case .css: "\(theme): CSS custom properties"
        case .tokens: "\(theme): DTCG design tokens"
        case .keys: "\(theme): every key with its value"
        }
    }

    var description: String {
        switch kind {
        case .css: "The theme's values in the default context as CSS custom properties under :root."
        case .tokens: "The theme as a DTCG 2025.10 token document (default context), importable by token tools."
        case .keys:
            "Every key of the theme by attribute with its value in the default context: {ATTRIBUTE: {KEY: value}}."
        }
    }
}

extension ThemeResource.Kind {
    var suffix: String {
        switch self {
        case .css: ".css"
        case .tokens: ".tokens.json"
        case .keys: "/keys"
        }
    }
}
