import SnapStyleJSON
import SnapStyleVocabulary

/// The result of `themes`: the default theme's name and every theme with its state.
public struct ThemesResult: Sendable, Hashable {
    /// The theme a request without `theme` resolves in.
    public var defaultTheme: String
    public var themes: [ThemeSummary]

    public init(defaultTheme: String, themes: [ThemeSummary]) {
        self.defaultTheme = defaultTheme
        self.themes = themes
    }

    public var json: JSONValue { .object(["default": .string(defaultTheme), "themes": .array(themes.map(\.json))]) }

    public init?(json: JSONValue) {
        guard let defaultTheme = json["default"]?.stringValue, let themes = json["themes"]?.arrayValue else {
            return nil
        }
        self.init(defaultTheme: defaultTheme, themes: themes.compactMap(ThemeSummary.init(json:)))
    }
}

/// One theme as `themes` reports it.
public struct ThemeSummary: Sendable, Hashable {
    /// Where its files are: `config`, `user`, `system`, or `builtin`.
    public enum Source: String, Sendable { case config, user, system, builtin }
    public enum State: String, Sendable { case loaded, error, loading }
    /// `native` theme files or `dtcg` design tokens.
    public enum Format: String, Sendable { case native, dtcg }

    /// A DTCG modifier: its contexts, its default, and the manifest's mapping (null: none).
    public struct Modifier: Sendable, Hashable {
        public var name: String
        public var contexts: [String]
        public var defaultContext: String?
        public var mappedTo: JSONValue?

        public init(name: String, contexts: [String], defaultContext: String?, mappedTo: JSONValue?) {
            self.name = name
            self.contexts = contexts
            self.defaultContext = defaultContext
            self.mappedTo = mappedTo
        }

        public var json: JSONValue {
            .object([
                "name": .string(name), "contexts": .array(contexts.map(JSONValue.string)),
                "default": defaultContext.map(JSONValue.string) ?? .null, "mappedTo": mappedTo ?? .null,
            ])
        }

        public init?(json: JSONValue) {
            guard let name = json["name"]?.stringValue else { return nil }
            let mappedTo = json["mappedTo"]
            self.init(
                name: name, contexts: json["contexts"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                defaultContext: json["default"]?.stringValue, mappedTo: mappedTo?.isNull == false ? mappedTo : nil)
        }
    }

    public var name: String
    public var root: String
    public var source: Source
    public var extends: String?
    public var state: State
    /// The generation served (0: never loaded).
    public var generation: Int
    public var files: [String]
    /// What is wrong with its files on disk now: the first `Limits.listedErrors`.
    public var errors: [ThemeFileError]
    /// How many errors there are in all.
    public var errorCount: Int
    /// The roots whose theme of the same name this one hides.
    public var shadowed: [String]
    public var format: Format
    /// What its token files write that the format forbids: the first `Limits.listedErrors`.
    public var warnings: [ThemeFileError]
    /// How many warnings there are in all.
    public var warningCount: Int
    /// How many design tokens it has.
    public var tokens: Int
    public var modifiers: [Modifier]

    /// A summary with every error and warning: it keeps the first `Limits.listedErrors` of each and the counts,
    /// unless `errorCount` and `warningCount` say how many there were before the lists were cut.
    public init(
        name: String, root: String, source: Source, extends: String?, state: State, generation: Int,
        files: [String], errors: [ThemeFileError], shadowed: [String], format: Format,
        warnings: [ThemeFileError] = [], tokens: Int = 0, modifiers: [Modifier] = [], errorCount: Int? = nil,
        warningCount: Int? = nil
    ) {
        self.name = name
        self.root = root
        self.source = source
        self.extends = extends
        self.state = state
        self.generation = generation
        self.files = files
        self.errors = Array(errors.prefix(Limits.listedErrors))
        self.errorCount = max(errorCount ?? errors.count, self.errors.count)
        self.shadowed = shadowed
        self.format = format
        self.warnings = Array(warnings.prefix(Limits.listedErrors))
        self.warningCount = max(warningCount ?? warnings.count, self.warnings.count)
        self.tokens = tokens
        self.modifiers = modifiers
    }

    /// Whether a theme's files make it a Tokens Studio project (its `$themes.json` or `$metadata.json`).
    public static func isTokensStudioProject(files: [String]) -> Bool {
        files.contains { file in
            let name = file.split(separator: "/").last.map(String.init) ?? file
            return name == "$themes.json" || name == "$metadata.json"
        }
    }

    public var json: JSONValue {
        .object([
            "name": .string(name), "root": .string(root), "source": .string(source.rawValue),
            "extends": extends.map(JSONValue.string) ?? .null, "state": .string(state.rawValue),
            "generation": .integer(Int64(generation)), "files": .array(files.map(JSONValue.string)),
            "errors": .array(errors.map(\.json)), "errorCount": .integer(Int64(errorCount)),
            "shadowed": .array(shadowed.map(JSONValue.string)), "format": .string(format.rawValue),
            "warnings": .array(warnings.map(\.json)), "warningCount": .integer(Int64(warningCount)),
            "tokens": .integer(Int64(tokens)), "modifiers": .array(modifiers.map(\.json)),
        ])
    }

    public init?(json: JSONValue) {
        guard let name = json["name"]?.stringValue, let root = json["root"]?.stringValue,
            let source = json["source"]?.stringValue.flatMap(Source.init(rawValue:)),
            let state = json["state"]?.stringValue.flatMap(State.init(rawValue:)),
            let generation = json["generation"]?.intValue
        else { return nil }
        func strings(_ name: String) -> [String] { json[name]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        func errors(_ name: String) -> [ThemeFileError] {
            json[name]?.arrayValue?.compactMap(ThemeFileError.init(json:)) ?? []
        }
        self.init(
            name: name, root: root, source: source, extends: json["extends"]?.stringValue, state: state,
            generation: generation, files: strings("files"), errors: errors("errors"), shadowed: strings("shadowed"),
            format: json["format"]?.stringValue.flatMap(Format.init(rawValue:)) ?? .native,
            warnings: errors("warnings"), tokens: json["tokens"]?.intValue ?? 0,
            modifiers: json["modifiers"]?.arrayValue?.compactMap(Modifier.init(json:)) ?? [],
            errorCount: json["errorCount"]?.intValue, warningCount: json["warningCount"]?.intValue)
    }
}
