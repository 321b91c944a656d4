import SnapStyleEngine
import SnapStyleJSON

/// How a theme's manifest maps one modifier's contexts to the built-in context (docs/dtcg.md).
public struct ModifierMapping: Hashable, Sendable {
    public var modifier: String
    public var contexts: [ModifierSelector.Mapping]
    public var location: SourceLocation
    /// The mapping as written (`themes` reports it as `mappedTo`).
    public var written: JSONValue

    public init(modifier: String, contexts: [ModifierSelector.Mapping], location: SourceLocation, written: JSONValue) {
        self.modifier = modifier
        self.contexts = contexts
        self.location = location
        self.written = written
    }
}

/// The DTCG files of one theme, parsed, and what its manifest says about them.
public struct DTCGInput: Sendable {
    /// The resolver's path (relative to the theme root) and JSON; nil for a theme whose token files form one set.
    public var resolver: (path: String, json: LocatedJSON)?
    /// Token files by path relative to the root. Without a resolver, all of them, merged in byte order of path.
    public var documents: [String: LocatedJSON]
    /// Files that could not be read or parsed (their errors are reported elsewhere): not "missing".
    public var unreadable: Set<String>
    public var remBase: Double
    public var mappings: [ModifierMapping]
    /// A Tokens Studio project's `$themes.json` (its path relative to the root and JSON) and `$metadata.json`:
    /// its themes select the token sets, files named by path below the themes file's directory.
    public var studioThemes: (path: String, json: LocatedJSON)?
    public var studioMetadata: LocatedJSON?
    /// A single-file Tokens Studio export whose `$themes` select its top-level members as sets: its path. Each set's
    /// tokens are keyed without the set's name, as the plugin refers to them (files' names are no part of keys
    /// either).
    public var studioSingleFile: String?

    public init(
        resolver: (path: String, json: LocatedJSON)?, documents: [String: LocatedJSON], unreadable: Set<String> = [],
        remBase: Double = 16, mappings: [ModifierMapping] = []
    ) {
        self.resolver = resolver
        self.documents = documents
        self.unreadable = unreadable
        self.remBase = remBase
        self.mappings = mappings
    }
}

extension DTCGInput {
    /// Whether the files belong to a Tokens Studio project (`$themes.json` or `$metadata.json`).
    public var isTokensStudioProject: Bool { studioThemes != nil || studioMetadata != nil }

    /// How a token file is read: every file of a Tokens Studio project, and a file that carries a Tokens Studio
    /// marker (one of its type names, `$extensions."studio.tokens"`), with Tokens Studio's semantics; others with
    /// DTCG's strict rules.
    func dialect(of json: LocatedJSON) -> TokenDocument.Dialect {
        isTokensStudioProject || TokensStudioValue.isMarked(json.value) ? .tokensStudio : .dtcg
    }
}

/// A theme's tokens as definitions: one layer contribution, with the catalog of their modifiers and metadata.
public struct DTCGCompilation: Sendable {
    public var layer: ThemeLayer
    /// Every error: those of tokens, which are left out of `layer` (with the tokens that read them), and
    /// `themeErrors`.
    public var errors: [DTCGIssue]
    /// The errors about the theme's files as a whole rather than one token (a resolver, `$themes.json`,
    /// `$extends`): they refuse the theme's new state.
    public var themeErrors: [DTCGIssue]
    public var warnings: [DTCGIssue]
    public var tokenCount: Int
    /// The keys compiled anew, when the rest was taken over from the last compile unchanged; nil: all of them.
    public var recompiled: Set<String>?
}

extension ResolverDocument {
    /// The token files a resolver names (relative to the theme root), for reading them before compiling.
    public static func referencedFiles(_ json: LocatedJSON, path: String) -> [String] {
        var diagnostics = Diagnostics()
        return ResolverDocument(json, path: path, diagnostics: &diagnostics).files
    }
}
