import SnapStyleEngine
import SnapStyleProtocol

/// The params of the most common request: a `resolve` of one key, without `queries` or `overrides`
/// (`{"theme"?, "attribute", "key", "context"?}`). The daemon reads it straight from a request line when it can
/// (docs/architecture.md, "Request lines") and answers it without building a `JSONValue`; a request that fails
/// is answered by the general path, so both give the same bytes.
public struct KeyResolveParams: Sendable, Equatable {
    /// The theme asked for; nil for the daemon's default.
    public var theme: String?
    public var attribute: Attribute
    public var key: String
    public var context: StyleContext

    /// No theme, the `surface` attribute, an empty key and the default context: to be filled in.
    public init() { self.init(theme: nil, attribute: .surface, key: "", context: StyleContext()) }

    public init(theme: String?, attribute: Attribute, key: String, context: StyleContext) {
        self.theme = theme
        self.attribute = attribute
        self.key = key
        self.context = context
    }
}
