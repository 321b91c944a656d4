import SnapStyleEngine
import SnapStyleJSON

/// One build of every theme of a set of roots plus the preset, as `ThemeBuilder` leaves it: each theme's files,
/// its last good snapshot, its errors, and what the next build reuses. A value: the builder takes the previous
/// build and gives the next; nothing else changes it.
public struct ThemeBuild: Sendable {
    /// Every theme found, by name.
    var records: [String: ThemeRecord] = [:]
    /// Misnamed entries already reported.
    var misnamed = Set<String>()

    /// An empty build: the next build from it reads and builds everything.
    public init() {}

    /// The last good snapshot of a theme: its newest build without errors, also while its files have errors now.
    public func snapshot(named name: String) -> ThemeSnapshot? { records[name]?.served }

    /// The last good snapshot of a theme served on a cache of its own (each call makes a new one).
    public func theme(named name: String) -> StyleTheme? { snapshot(named: name).map { StyleTheme($0) } }

    /// Names of themes that have a good snapshot, sorted.
    public var servedNames: [String] { records.filter { $0.value.served != nil }.keys.sorted() }

    /// Every known theme, sorted by name.
    public var infos: [ThemeInfo] {
        records.values.sorted(by: { $0.name < $1.name }).map(Self.info)
    }

    /// What a theme's record says about it to clients.
    static func info(_ record: ThemeRecord) -> ThemeInfo {
        let generation = record.served?.generation ?? 0
        var info = ThemeInfo(
            name: record.name, root: record.rootPath, origin: record.origin, extends: record.extends,
            state: record.errors.isEmpty ? (record.served == nil ? .loading : .loaded) : .error,
            generation: generation, files: record.fileOrder, errors: record.errors + record.tokenErrors,
            shadowed: record.shadowed)
        guard ThemeBuilder.hasTokens(record) else { return info }
        info.format = .dtcg
        info.warnings = record.warnings
        info.tokens = record.tokenCount
        let mappings = record.manifest?.modifiers ?? []
        info.modifiers = (record.files[ThemeBuilder.tokensUnit]?.layer.tokens.modifiers ?? []).map { selector in
            ModifierInfo(
                name: selector.name, contexts: selector.contexts, defaultContext: selector.defaultContext,
                mappedTo: mappings.first { $0.modifier == selector.name }?.written
                    ?? writtenMapping(selector.mapping))
        }
        return info
    }

    /// A mapping the theme's files imply (mode files, contexts named light and dark) as a manifest would write it:
    /// `{"dark": {"colorScheme": "dark", "contrast": "standard"}}`; nil for none.
    static func writtenMapping(_ mapping: [ModifierSelector.Mapping]) -> JSONValue? {
        guard !mapping.isEmpty else { return nil }
        var written = JSONObject()
        for entry in mapping {
            var predicate = JSONObject()
            for test in entry.predicate.tests {
                guard case .equals(let value) = test.matcher else { continue }
                switch test.member {
                case .colorScheme: predicate["colorScheme"] = .string(value.description)
                case .contrast: predicate["contrast"] = .string(value.description)
                default: continue
                }
            }
            written[entry.context] = .object(predicate)
        }
        return .object(written)
    }
}

/// The generation a build gives a theme, for whoever serves it from a cache (`StyleTheme`).
enum ThemeInstallation: Sendable {
    /// The theme's first good build: a new cache.
    case first(ThemeSnapshot)
    /// A next generation: the cache entries that read one of `changed` are dropped, the others stay valid.
    case next(ThemeSnapshot, changed: Set<NodeRef>)

    /// Serves each installation: a theme's first on a new cache, a next one on its cache (which drops the entries
    /// that read what changed), or on a new cache when none serves it yet.
    static func serve(
        _ installed: [String: ThemeInstallation], in themes: inout [String: StyleTheme], budget: CacheBudget
    ) {
        for (name, installation) in installed {
            switch installation {
            case .first(let snapshot):
                themes[name] = StyleTheme(snapshot, budget: budget)
            case .next(let snapshot, let changed):
                if let theme = themes[name] {
                    theme.install(snapshot, changed: changed)
                } else {
                    themes[name] = StyleTheme(snapshot, budget: budget)
                }
            }
        }
    }
}
