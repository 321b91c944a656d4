import SnapStyleJSON

/// What a theme's imported design tokens carry beside their definitions: the modifiers that select among their
/// values, and per key its DTCG type, description, deprecation and the files that supplied each value.
public struct TokenCatalog: Hashable, Sendable {
    /// One value of a token: the modifier context that supplies it (none for a set) and where it is written.
    public struct Source: Hashable, Sendable {
        public var modifier: String?
        public var context: String?
        public var location: SourceLocation

        public init(modifier: String?, context: String?, location: SourceLocation) {
            self.modifier = modifier
            self.context = context
            self.location = location
        }
    }

    /// A token's metadata. `sources` follow the cases of its `when` definition, the set's value (if any) last.
    public struct Token: Hashable, Sendable {
        public var type: String
        public var description: String?
        /// `true`, or the reason, when the token is deprecated.
        public var deprecated: JSONValue?
        public var sources: [Source]
        /// Whether only Tokens Studio `source` sets write it: other tokens refer to it, but it is not one of the
        /// theme's own keys (`keys` says `"source": true`; exports leave it out).
        public var isSource = false

        public init(type: String, description: String? = nil, deprecated: JSONValue? = nil, sources: [Source] = []) {
            self.type = type
            self.description = description
            self.deprecated = deprecated
            self.sources = sources
        }
    }

    public var modifiers: [ModifierSelector] = []
    public var tokens: [NodeRef: Token] = [:]

    public init(modifiers: [ModifierSelector] = [], tokens: [NodeRef: Token] = [:]) {
        self.modifiers = modifiers
        self.tokens = tokens
    }

    /// The source that supplied a value: the `when` case that matched, or the set's value.
    public func source(of node: NodeRef, caseIndex: Int?) -> Source? {
        guard let token = tokens[node] else { return nil }
        if let caseIndex, token.sources.indices.contains(caseIndex) { return token.sources[caseIndex] }
        return token.sources.last { $0.modifier == nil }
    }
}
