import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import Testing

/// Token files given in memory, compiled as one theme: what the tests want is then read off the compilation.
struct Given {
    let compilation: DTCGCompilation
    let theme: StyleTheme

    /// `files`: path → JSON text. `$themes.json` and `$metadata.json` make it a Tokens Studio project.
    init(_ files: [String: String]) throws {
        var memo = TokenMemo()
        compilation = try Self.compile(files, memo: &memo)
        theme = StyleTheme(ThemeSnapshot(name: "given", generation: 1, layers: [compilation.layer]))
    }

    /// Compiles the files, taking over from `memo` what they did not change (as the store's edits do).
    static func compile(_ files: [String: String], memo: inout TokenMemo) throws -> DTCGCompilation {
        var documents: [String: LocatedJSON] = [:]
        for (path, text) in files { documents[path] = try Jansson.parseLocated(bytes: Array(text.utf8)) }
        let themes = documents.removeValue(forKey: "$themes.json")
        let metadata = documents.removeValue(forKey: "$metadata.json")
        var input = DTCGInput(resolver: nil, documents: documents)
        input.studioThemes = themes.map { ("$themes.json", $0) }
        input.studioMetadata = metadata
        return TokenCompiler.compile(input, themeName: "given", memo: &memo)
    }

    var errors: [String] { compilation.errors.map(\.description) }
    var warnings: [String] { compilation.warnings.map(\.description) }

    /// A key's resolved value as JSON, in a context of modifier contexts (`["Size": "large"]`).
    func value(_ attribute: Attribute, _ key: String, _ vars: [String: String] = [:]) throws -> JSONValue? {
        var context = StyleContext()
        for (name, value) in vars { context.vars[name] = .string(value) }
        return try theme.session().resolve(attribute, key, context: context)?.json
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

    func isDefined(_ attribute: Attribute, _ key: String) -> Bool {
        compilation.layer.tokens.tokens[.key(attribute, key)] != nil
    }
}
