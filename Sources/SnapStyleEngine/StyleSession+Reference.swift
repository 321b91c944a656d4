extension StyleSession {
    /// The key that a key's own definition in its top layer reads whole (`ref KEY`, with or without adjustments),
    /// when that reference gives a value in the context: what `explain`'s first step reports as `ref KEY`, found
    /// through the cache without tracing the rest of the chain. Nil for any other definition, an unknown key, or a
    /// reference that gives no value.
    public func topReference(_ attribute: Attribute, _ key: String, in context: PreparedContext) -> String? {
        guard let entry = layers.reversed().lazy.compactMap({ $0.entry(attribute, key) }).first,
            case .ref(let target, _) = entry.definition
        else { return nil }
        var resolution = resolution(context)
        guard resolution.evaluate(entry.definition, attribute) != nil, (try? resolution.checkDepth()) != nil else {
            return nil
        }
        return target
    }
}
