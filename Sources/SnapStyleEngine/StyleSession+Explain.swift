/// One definition consulted while resolving a key.
public struct ExplainStep: Hashable, Sendable {
    /// The theme the definition belongs to, or `overrides`.
    public var layer: String
    public var location: SourceLocation
    /// `value`, `ref`, `when` or `null`.
    public var kind: String
    /// The index of the `when` case that gave the result, if one did.
    public var caseIndex: Int?
    /// `value`, `none` or `ref KEY`.
    public var result: String
}

/// Why a key resolves the way it does.
public struct Explanation: Hashable, Sendable {
    public var value: ResolvedValue?
    public var steps: [ExplainStep]
    /// Every key the value read, directly or through references.
    public var dependsOn: [NodeRef]
}

extension StyleSession {
    /// Resolves a key and records every definition consulted, top layer first, and what the value depends on.
    public func explain(_ attribute: Attribute, _ key: String, context: StyleContext = StyleContext())
        throws(StyleError) -> Explanation
    {
        try checkDefined(attribute, key)
        // Without the cache, so that every definition read is recorded, from this session's generation only.
        var resolution = Resolution(
            layers: layers, generation: generation, context: try prepare(context), cache: nil,
            collectsTransitively: true)
        var steps: [ExplainStep] = []
        var value: ResolvedValue?
        for layer in layers.reversed() {
            guard let entry = layer.entry(attribute, key) else { continue }
            let (result, caseIndex, description) = resolution.describe(entry.definition, attribute)
            steps.append(
                ExplainStep(
                    layer: layer.name, location: entry.location, kind: entry.definition.kindName,
                    caseIndex: caseIndex, result: description))
            if let result {
                value = result
                break
            }
        }
        try resolution.checkDepth()
        var dependsOn = resolution.transitive.union(resolution.dependencies)
        dependsOn.insert(.key(attribute, key))
        return Explanation(value: value, steps: steps, dependsOn: dependsOn.sorted())
    }
}

extension Resolution {
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
