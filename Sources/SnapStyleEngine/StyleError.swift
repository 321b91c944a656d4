/// Why a resolution request could not be answered.
public enum StyleError: Error, Hashable, Sendable {
    /// No layer defines the key (-32002); `suggestions` are up to five nearest keys.
    case unknownKey(attribute: Attribute, key: String, suggestions: [String])
    /// The context names something the theme does not have, or a value outside its set (-32003).
    case invalidContext(ContextError)
    /// Answering would pass one of the engine's limits (-32005): `limit` names it, `maximum` is its value.
    case limitExceeded(limit: String, maximum: Int, reason: String)

    /// A chain of references deeper than `Resolution.maximumDepth`.
    static var referenceDepth: StyleError {
        .limitExceeded(
            limit: "referenceDepth", maximum: Resolution.maximumDepth,
            reason: "the value goes through more than \(Resolution.maximumDepth) nested references")
    }

    /// A token value that grows past `Limits.valueParts` through its aliases.
    static var valueParts: StyleError {
        .limitExceeded(
            limit: "valueParts", maximum: Limits.valueParts,
            reason: "the value expands to more than \(Limits.valueParts) parts through its aliases")
    }
}
