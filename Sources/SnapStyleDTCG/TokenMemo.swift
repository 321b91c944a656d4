import SnapStyleEngine
import SnapStyleJSON

/// What one compile of a theme's tokens leaves for the next, so that an edit recompiles only what it touched:
/// each file flattened (kept while its parsed JSON is the same), each key's result, and the compiler's state. An
/// edit that only changes values recompiles the keys whose tokens changed and patches the rest in place; one
/// that changes a file's keys or group properties, the resolver, a manifest mapping, an export's key names or
/// any key's type or attribute makes the next compile start from scratch.
public struct TokenMemo: Sendable {
    struct Flattened: Sendable {
        var node: SourceNode
        var dialect: TokenDocument.Dialect
        var document: TokenDocument
        var issues: Diagnostics
    }

    struct KeyResult: Sendable {
        var attribute: Attribute?
        var type: String?
        /// Whether the key has a definition in the layer (its definition and catalog entry live there only).
        var isDefined: Bool
        var issues: Diagnostics
        /// The longest chain of whole-value aliases from the key (a change makes every alias of it stale).
        var aliasHeight = 0
        /// The parts the key's values expand to through aliases (a change makes every alias of it stale).
        var valueParts = 1
    }

    /// What every key's result depends on besides its own tokens.
    struct Signature: Sendable {
        var resolver: SourceNode?
        var studio: SourceNode?
        var studioOrder: SourceNode?
        var documents: Set<String>
        var unreadable: Set<String>
        var remBase: Double
        var mappings: [ModifierMapping]

        init(_ input: DTCGInput) {
            resolver = input.resolver?.json.node
            studio = input.studioThemes?.json.node
            studioOrder = input.studioMetadata?.node
            documents = Set(input.documents.keys)
            unreadable = input.unreadable
            remBase = input.remBase
            mappings = input.mappings
        }

        func matches(_ other: Signature) -> Bool {
            resolver === other.resolver && studio === other.studio && studioOrder === other.studioOrder
                && documents == other.documents && unreadable == other.unreadable
                && remBase == other.remBase && mappings == other.mappings
        }
    }

    var flattened: [String: Flattened] = [:]
    /// The keys left out in error, or for reading one in error, by the last compile.
    var leftOut: Set<String> = []
    var keys: [String: KeyResult] = [:]
    var signature: Signature?
    /// The last compile's graph, which an edit that keeps every file's shape patches (`TokenGraph.patching`).
    var graph = TokenGraph()
    var layer = ThemeLayer(name: "")
    /// Keys whose result carries errors or warnings.
    var keysWithIssues = Set<String>()
    /// Keys whose result has no definition (`KeyResult.isDefined` false).
    var keysUndefined = Set<String>()
    /// Units merged from several files, by their files (`path#pointer` each).
    var merged: [String: (sources: [String], document: TokenDocument)] = [:]
    var resolver: (node: SourceNode, document: ResolverDocument, issues: Diagnostics)?
    /// A Tokens Studio project's plans (`TokenFrontEnd.tokensStudio`) and what they were made from.
    var studio: (key: StudioKey, plans: [TokenFrontEnd.Plan], sourceFiles: Set<String>, issues: Diagnostics)?

    /// What a Tokens Studio project's plans are made from.
    struct StudioKey: Sendable {
        var themes: SourceNode
        var path: String
        var metadata: SourceNode?
        var files: Set<String>
        var singleFile: String?

        func matches(_ other: StudioKey) -> Bool {
            themes === other.themes && path == other.path && metadata === other.metadata && files == other.files
                && singleFile == other.singleFile
        }
    }

    public init() {}

    /// How many keys the last compile took over from the one before (for tests and benchmarks).
    public internal(set) var reusedKeys = 0
}

extension TokenDocument {
    /// Whether two versions of a file define the same keys in the same order, with the same group properties.
    func hasSameShape(as other: TokenDocument) -> Bool {
        guard order == other.order, groups.count == other.groups.count, modifiers == other.modifiers else {
            return false
        }
        return groups.allSatisfy { key, info in
            guard let theirs = other.groups[key] else { return false }
            return info.type == theirs.type && info.deprecated == theirs.deprecated
                && info.extends?.key == theirs.extends?.key
        }
    }
}

extension Diagnostics {
    struct Mark {
        var errors: Int
        var warnings: Int
    }

    var mark: Mark { Mark(errors: errors.count, warnings: warnings.count) }

    var isEmpty: Bool { errors.isEmpty && warnings.isEmpty }

    /// What was reported since `mark`.
    func since(_ mark: Mark) -> Diagnostics {
        Diagnostics(errors: Array(errors[mark.errors...]), warnings: Array(warnings[mark.warnings...]))
    }

    /// Removes and returns what was reported since `mark`.
    mutating func take(since mark: Mark) -> Diagnostics {
        let taken = since(mark)
        errors.removeSubrange(mark.errors...)
        warnings.removeSubrange(mark.warnings...)
        return taken
    }

    mutating func append(_ other: Diagnostics) {
        errors += other.errors
        warnings += other.warnings
    }
}
