/// One definition consulted while resolving a key.
public struct ExplainStep: Hashable, Sendable {
    /// The theme the definition belongs to, or `overrides`.
    public var layer: String
    /// The key whose definition this is: the key asked about, or one its value went through.
    public var attribute: Attribute
    public var key: String
    public var location: SourceLocation
    /// `value`, `ref`, `when` or `null`.
    public var kind: String
    /// The definition as a person reads it (`ref base`, `calc "{spacing} * 2"`, `when colorScheme = dark → …`).
    public var definition: String
    /// The index of the `when` case that gave the result, if one did.
    public var caseIndex: Int?
    /// `value`, `none` or `ref KEY`.
    public var result: String
}

/// Why a key resolves the way it does.
public struct Explanation: Hashable, Sendable {
    public var value: ResolvedValue?
    /// Every definition consulted, in the order resolution consulted them: the key's own, top layer first, each
    /// followed by the definitions of what it refers to, down to the literals that gave the value.
    public var steps: [ExplainStep]
    /// Every other key the value read, directly or through references.
    public var dependsOn: [NodeRef]
}

extension StyleSession {
    /// Resolves a key and records every definition consulted, and what the value depends on.
    public func explain(_ attribute: Attribute, _ key: String, context: StyleContext = StyleContext())
        throws(StyleError) -> Explanation
    {
        try checkDefined(attribute, key)
        // Without the cache, so that every definition read is recorded, from this session's generation only.
        var resolution = Resolution(
            layers: layers, generation: generation, context: try prepare(context), cache: nil,
            collectsTransitively: true)
        resolution.trace = []
        let value = resolution.computeAndStore(attribute, key)
        try resolution.checkDepth()
        var dependsOn = resolution.transitive.union(resolution.dependencies)
        dependsOn.remove(.key(attribute, key))
        return Explanation(value: value, steps: resolution.trace ?? [], dependsOn: dependsOn.sorted())
    }
}

extension Resolution {
    /// Evaluates a key's definition in one layer, recording it as a step before the steps of what it reads.
    mutating func traced(_ entry: DefinitionEntry, layer: String, _ attribute: Attribute, _ key: String)
        -> ResolvedValue?
    {
        let index = trace!.count
        trace!.append(
            ExplainStep(
                layer: layer, attribute: attribute, key: key, location: entry.location,
                kind: entry.definition.kindName, definition: entry.definition.summary, caseIndex: nil, result: "none"))
        let (value, caseIndex, result) = describe(entry.definition, attribute)
        trace![index].caseIndex = caseIndex
        trace![index].result = result
        return value
    }

    /// Evaluates a definition and says how: the value, the `when` case used, and `value`/`none`/`ref KEY`.
    mutating func describe(_ definition: Definition, _ attribute: Attribute) -> (ResolvedValue?, Int?, String) {
        switch definition {
        case .null:
            return (nil, nil, "none")
        case .value:
            let value = evaluate(definition, attribute)
            return (value, nil, value == nil ? "none" : "value")
        case .ref(let key, _):
            let value = evaluate(definition, attribute)
            return (value, nil, value == nil ? "none" : "ref \(key)")
        case .when(let cases, let otherwise):
            if let index = matchingCase(cases) {
                let (value, _, result) = describe(cases[index].then, attribute)
                if value != nil { return (value, index, result) }
            }
            guard let otherwise else { return (nil, nil, "none") }
            let (value, _, result) = describe(otherwise, attribute)
            return (value, nil, result)
        }
    }
}
