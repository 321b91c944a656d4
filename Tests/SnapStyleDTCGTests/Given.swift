import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import Testing

/// Token files given in memory, compiled as one theme: what the tests want is then read off the compilation.
struct Given {
    /// A theme's files and what its manifest says about them, as the store hands them to the compiler.
    struct Files {
        /// Path (relative to the theme root) → JSON text. `$themes.json` and `$metadata.json` make it a Tokens Studio
        /// project.
        var texts: [String: String]
        /// The path of the resolver among `texts`, if the theme has one: it reads the token files it names, no others.
        var resolver: String?
        /// The manifest's `theme.modifiers` mappings.
        var mappings: [ModifierMapping] = []
        var remBase: Double = 16

        init(
            _ texts: [String: String], resolver: String? = nil, mappings: [ModifierMapping] = [], remBase: Double = 16
        ) {
            self.texts = texts
            self.resolver = resolver
            self.mappings = mappings
            self.remBase = remBase
        }
    }

    let compilation: DTCGCompilation
    let theme: StyleTheme

    /// `files`: path → JSON text. `$themes.json` and `$metadata.json` make it a Tokens Studio project.
    init(_ files: [String: String]) throws { try self.init(Files(files)) }

    init(_ files: Files) throws {
        var memo = TokenMemo()
        try self.init(compilation: Self.compile(files, memo: &memo))
    }

    init(compilation: DTCGCompilation) {
        self.compilation = compilation
        theme = StyleTheme(ThemeSnapshot(name: "given", generation: 1, layers: [compilation.layer]))
    }

    /// Compiles the files, taking over from `memo` what they did not change (as the store's edits do).
    static func compile(_ files: [String: String], memo: inout TokenMemo) throws -> DTCGCompilation {
        try compile(Files(files), memo: &memo)
    }

    static func compile(_ files: Files, memo: inout TokenMemo) throws -> DTCGCompilation {
        TokenCompiler.compile(try input(files), themeName: "given", memo: &memo)
    }

    /// Compiles the files, then each edit in turn with the memo of the compile before it.
    static func compile(_ files: Files, then edits: [Files]) throws -> [DTCGCompilation] {
        var session = Session()
        return try ([files] + edits).map { try session.compile($0) }
    }

    /// The compiler's input, as the store builds it: with a resolver, the token files it names and no others.
    /// `parse` reads one file's text.
    static func input(_ files: Files, parse: (String, String) throws -> LocatedJSON = { try Given.parse($1) }) throws
        -> DTCGInput
    {
        var documents: [String: LocatedJSON] = [:]
        for (path, text) in files.texts { documents[path] = try parse(path, text) }
        let themes = documents.removeValue(forKey: "$themes.json")
        let metadata = documents.removeValue(forKey: "$metadata.json")
        var resolver: (path: String, json: LocatedJSON)?
        if let path = files.resolver, let json = documents.removeValue(forKey: path) {
            resolver = (path, json)
            let named = Set(ResolverDocument.referencedFiles(json, path: path))
            documents = documents.filter { named.contains($0.key) }
        }
        var input = DTCGInput(
            resolver: resolver, documents: documents, remBase: files.remBase, mappings: files.mappings)
        input.studioThemes = themes.map { ("$themes.json", $0) }
        input.studioMetadata = metadata
        return input
    }

    static func parse(_ text: String) throws -> LocatedJSON { try Jansson.parseLocated(bytes: Array(text.utf8)) }

    /// Edits compiled one after another as the store compiles them: the memo carries over, and a file whose text
    /// did not change keeps its parsed JSON (the same object).
    struct Session {
        var memo = TokenMemo()
        var parsed: [String: (text: String, json: LocatedJSON)] = [:]

        mutating func compile(_ files: Files) throws -> DTCGCompilation {
            var next: [String: (text: String, json: LocatedJSON)] = [:]
            let input = try Given.input(files) { path, text in
                let json = try parsed[path].flatMap { $0.text == text ? $0.json : nil } ?? Given.parse(text)
                next[path] = (text, json)
                return json
            }
            parsed = next
            return TokenCompiler.compile(input, themeName: "given", memo: &memo)
        }
    }

    var errors: [String] { compilation.errors.map(\.description) }
    var warnings: [String] { compilation.warnings.map(\.description) }

    /// A key's resolved value as JSON, in a context of modifier contexts (`["Size": "large"]`).
    func value(_ attribute: Attribute, _ key: String, _ vars: [String: String] = [:]) throws -> JSONValue? {
        var context = StyleContext()
        for (name, value) in vars { context.vars[name] = .string(value) }
        return try theme.session().resolve(attribute, key, context: context)?.json
    }

    /// A key's resolved value as JSON in a context written as JSON (`{"colorScheme": "dark", "vars": {...}}`).
    func value(_ attribute: Attribute, _ key: String, in context: String) throws -> JSONValue? {
        let context = try StyleContext(json: Jansson.parse(context))
        return try theme.session().resolve(attribute, key, context: context)?.json
    }

    /// A color's `#RRGGBBAA` in a context written as JSON.
    func hex(_ key: String, in context: String = "{}") throws -> String? {
        try value(.surface, key, in: context)?["hex"]?.stringValue
    }

    func number(_ key: String, _ vars: [String: String] = [:]) throws -> JSONValue? {
        try value(.number, key, vars)?["base"]
    }

    /// A key's resolved value, whatever attribute it imports into.
    func value(_ key: String) throws -> JSONValue? {
        for case .key(let attribute, key) in compilation.layer.tokens.tokens.keys {
            return try value(attribute, key)
        }
        return nil
    }

    /// The attribute a key imports into, if it is a key of the theme.
    func attribute(_ key: String) -> Attribute? {
        for case .key(let attribute, key) in compilation.layer.tokens.tokens.keys { return attribute }
        return nil
    }

    func isDefined(_ attribute: Attribute, _ key: String) -> Bool {
        compilation.layer.tokens.tokens[.key(attribute, key)] != nil
    }

    /// The token's metadata (type, description, deprecation, sources), whatever attribute it imports into.
    func token(_ key: String) -> TokenCatalog.Token? {
        attribute(key).flatMap { compilation.layer.tokens.tokens[.key($0, key)] }
    }

    /// The modifiers the theme reports, by name.
    func modifier(_ name: String) -> ModifierSelector? {
        compilation.layer.tokens.modifiers.first { $0.name == name }
    }

    /// An edit compiled with the memo of the compile before it gives what a compile from scratch gives.
    static func expectIncrementalEqualsFresh(
        _ before: Files, _ after: Files, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let edited = try compile(before, then: [after])[1]
        var fresh = TokenMemo()
        let whole = try compile(after, memo: &fresh)
        for attribute in Attribute.allCases {
            #expect(edited.layer[attribute] == whole.layer[attribute], "\(attribute)", sourceLocation: sourceLocation)
        }
        #expect(edited.layer.tokens == whole.layer.tokens, sourceLocation: sourceLocation)
        #expect(
            edited.errors.map(\.description).sorted() == whole.errors.map(\.description).sorted(),
            sourceLocation: sourceLocation)
        #expect(
            edited.warnings.map(\.description).sorted() == whole.warnings.map(\.description).sorted(),
            sourceLocation: sourceLocation)
        #expect(edited.tokenCount == whole.tokenCount, sourceLocation: sourceLocation)
    }
}

extension Given.Files {
    /// The same files with one replaced (or added).
    func with(_ path: String, _ text: String) -> Self {
        var copy = self
        copy.texts[path] = text
        return copy
    }
}
