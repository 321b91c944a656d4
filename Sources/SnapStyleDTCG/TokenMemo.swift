import SnapStyleEngine
import SnapStyleJSON

/// What one compile of a theme's tokens leaves for the next, so that an edit recompiles only what it touched:
/// each file flattened (kept while its parsed JSON is the same), and each key's result (kept while the tokens
/// that write it are the same ones). An edit that changes a file's keys or group types, a resolver, a manifest
/// mapping or any key's type or attribute makes the next compile start from scratch.
public struct TokenMemo: Sendable {
    struct Flattened: Sendable {
        var node: SourceNode
        var document: TokenDocument
        var issues: Diagnostics
    }

    struct KeyResult: Sendable {
        var defs: [TokenCompiler.Def]
        var attribute: Attribute?
        var type: String?
        var entry: DefinitionEntry?
        var token: TokenCatalog.Token?
        var issues: Diagnostics
    }

    /// What every key's result depends on besides its own tokens.
    struct Signature: Sendable {
        var resolver: SourceNode?
        var documents: Set<String>
        var unreadable: Set<String>
        var remBase: Double
        var mappings: [ModifierMapping]

        init(_ input: DTCGInput) {
            resolver = input.resolver?.json.node
            documents = Set(input.documents.keys)
            unreadable = input.unreadable
            remBase = input.remBase
            mappings = input.mappings
        }

        func matches(_ other: Signature) -> Bool {
            resolver === other.resolver && documents == other.documents && unreadable == other.unreadable
                && remBase == other.remBase && mappings == other.mappings
        }
    }

    var flattened: [String: Flattened] = [:]
    var keys: [String: KeyResult] = [:]
    var signature: Signature?

    public init() {}

    /// How many keys the last compile took over from the one before (for tests and benchmarks).
    public internal(set) var reusedKeys = 0
}

extension TokenCompiler.Def {
    /// The same value of a key: the same unit and context, and the very token read from the same file.
    func isSame(as other: Self) -> Bool { unit == other.unit && context == other.context && token === other.token }
}

extension TokenDocument {
    /// Whether two versions of a file define the same keys in the same order, with the same group properties.
    func hasSameShape(as other: TokenDocument) -> Bool {
        guard order == other.order, groups.count == other.groups.count else { return false }
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

    /// Removes and returns what was reported since `mark`.
    mutating func take(since mark: Mark) -> Diagnostics {
        let taken = Diagnostics(errors: Array(errors[mark.errors...]), warnings: Array(warnings[mark.warnings...]))
        errors.removeSubrange(mark.errors...)
        warnings.removeSubrange(mark.warnings...)
        return taken
    }

    mutating func append(_ other: Diagnostics) {
        errors += other.errors
        warnings += other.warnings
    }
}
