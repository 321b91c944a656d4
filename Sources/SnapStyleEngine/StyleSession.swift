/// Answers resolution requests from one generation of a theme (and optionally a request's overrides).
public struct StyleSession: Sendable {
    public let snapshot: ThemeSnapshot
    let theme: StyleTheme
    let overrides: Overrides?
    let layers: [ThemeLayer]

    init(theme: StyleTheme, snapshot: ThemeSnapshot, overrides: Overrides?) {
        self.theme = theme
        self.snapshot = snapshot
        self.overrides = overrides
        self.layers = overrides.map { snapshot.layers + [$0.layer] } ?? snapshot.layers
    }

    /// The generation every answer of this session comes from.
    public var generation: Int { snapshot.generation }

    public var containers: [String: Container] { overrides?.containers ?? snapshot.containers }
    public var components: [String: Component] { overrides?.components ?? snapshot.components }

    /// Whether the theme (or the overrides) defines a key.
    public func defines(_ attribute: Attribute, _ key: String) -> Bool {
        layers.contains { $0.entry(attribute, key) != nil }
    }

    /// Checks a context against the theme and derives its stack.
    public func prepare(_ context: StyleContext) throws(StyleError) -> PreparedContext {
        try prepare(context, containerProperties: false)
    }

    func prepare(_ context: StyleContext, containerProperties: Bool) throws(StyleError) -> PreparedContext {
        let key = StyleCache.ContextKey(
            context: context, overrides: overrides?.id ?? 0, containerProperties: containerProperties)
        do {
            let (id, derived) = try theme.cache.context(key, generation: generation) { () throws(ContextError) in
                // The default accent may be missing from a theme layered on nothing; a named one must exist.
                guard context.accent == "primary" || defines(.accent, context.accent) else {
                    throw ContextError(
                        field: "accent", reason: "unknown accent '\(context.accent)'",
                        allowed: snapshotKeys(.accent))
                }
                for modifier in snapshot.modifiers {
                    guard let chosen = context.vars[modifier.name], !modifier.contexts.contains(chosen.description)
                    else { continue }
                    throw ContextError(
                        field: "context.vars.\(modifier.name)",
                        reason: "'\(chosen)' is not a context of modifier '\(modifier.name)' (expected "
                            + modifier.contexts.joined(separator: ", ") + ")",
                        allowed: modifier.contexts)
                }
                var derived = try DerivedContext(context, containers: containers, components: components)
                if containerProperties { derived.accent = derived.accentAroundContainer }
                return derived
            }
            return PreparedContext(context: context, derived: derived, id: id)
        } catch {
            throw .invalidContext(error)
        }
    }

    func snapshotKeys(_ attribute: Attribute) -> [String] {
        var keys = Set(snapshot.keys(attribute))
        if let overrides { keys.formUnion(overrides.layer.keys(attribute)) }
        return keys.sorted()
    }

    func checkDefined(_ attribute: Attribute, _ key: String) throws(StyleError) {
        guard defines(attribute, key) else {
            throw .unknownKey(
                attribute: attribute, key: key,
                suggestions: Suggestions(snapshotKeys(attribute)).nearest(to: key))
        }
    }

    func resolution(_ context: PreparedContext) -> Resolution {
        Resolution(layers: layers, generation: generation, context: context, cache: theme.cache)
    }

    /// The value of a key in a prepared context, or nil when it resolves to no value.
    public func resolve(_ attribute: Attribute, _ key: String, in context: PreparedContext) throws(StyleError)
        -> ResolvedValue?
    {
        if let hit = theme.cache.lookup(context.id, attribute, key, generation: generation) { return hit }
        try checkDefined(attribute, key)
        var resolution = resolution(context)
        let value = resolution.computeAndStore(attribute, key)
        try resolution.checkDepth()
        return value
    }

    /// The value of a key in a context.
    public func resolve(_ attribute: Attribute, _ key: String, context: StyleContext = StyleContext())
        throws(StyleError) -> ResolvedValue?
    {
        try resolveCached(attribute, key, context: context).value
    }

    /// The value of a key in a context, with the cache entry it came from.
    public func resolveCached(_ attribute: Attribute, _ key: String, context: StyleContext = StyleContext())
        throws(StyleError) -> CachedValue
    {
        let contextKey = StyleCache.ContextKey(
            context: context, overrides: overrides?.id ?? 0, containerProperties: false)
        if let hit = theme.cache.fastLookup(contextKey, attribute, key, generation: generation) { return hit }
        return CachedValue(
            value: try resolve(attribute, key, in: try prepare(context)), entry: nil, generation: generation)
    }
}

/// A resolved value, the cache entry that answered it and the generation it comes from.
public struct CachedValue: Sendable {
    public var value: ResolvedValue?
    /// The entry's serial number, unique among every cache entry of the process and never reused, so that whoever
    /// derives something from a value (its JSON text) may keep it under this number; nil when the value was
    /// computed for this call.
    public var entry: UInt64?
    public var generation: Int

    public init(value: ResolvedValue?, entry: UInt64?, generation: Int) {
        self.value = value
        self.entry = entry
        self.generation = generation
    }
}

/// A key and the value it resolved to, as element and container results report them.
public struct KeyedValue: Hashable, Sendable {
    public var key: String?
    public var value: ResolvedValue?

    public init(key: String?, value: ResolvedValue?) {
        self.key = key
        self.value = value
    }
}

/// The attributes of an element in the current component.
public struct ElementResolution: Hashable, Sendable {
    public var component: String?
    public var element: Element
    public var values: [ElementAttribute: KeyedValue]
}

/// The current container and its properties.
public struct ContainerResolution: Hashable, Sendable {
    public var container: String?
    public var state: ContainerState
    public var level: Int
    public var levelOverall: Int
    public var surface: KeyedValue
    public var composition: KeyedValue
    public var shape: KeyedValue
    public var padding: KeyedValue
    public var border: KeyedValue
    public var requiresSecondaryAccent: Bool
    public var ignoresSafeAreaEdges: [SafeAreaEdge]
}

extension StyleSession {
    /// Resolves an element's font, composition, padding and shape through the current component's mappings,
    /// after the request's `define` (docs/theme-format.md).
    public func resolveElement(
        _ element: Element?, define: [ElementAttribute: [ElementType: String]] = [:],
        context: StyleContext = StyleContext()
    ) throws(StyleError) -> ElementResolution {
        var context = context
        if let element { context.element = element }
        for (attribute, mapping) in define {
            for key in mapping.values { try checkDefined(attribute.attribute, key) }
        }
        let prepared = try prepare(context)
        var resolution = resolution(prepared)
        var values: [ElementAttribute: KeyedValue] = [:]
        for attribute in ElementAttribute.allCases {
            let key =
                define[attribute]?[context.element.type]
                ?? prepared.derived.component?.key(for: attribute, element: context.element.type)
            values[attribute] = KeyedValue(key: key, value: key.flatMap { resolution.value(attribute.attribute, $0) })
        }
        try resolution.checkDepth()
        return ElementResolution(component: prepared.derived.component?.id, element: context.element, values: values)
    }

    /// Resolves the current container's properties, with the accent in effect around it (docs/theme-format.md).
    public func resolveContainer(context: StyleContext = StyleContext()) throws(StyleError) -> ContainerResolution {
        let prepared = try prepare(context, containerProperties: true)
        let derived = prepared.derived
        let container = derived.container.flatMap { containers[$0] }
        var resolution = resolution(prepared)
        func keyed(_ attribute: Attribute, _ key: String?) -> KeyedValue {
            KeyedValue(key: key, value: key.flatMap { resolution.value(attribute, $0) })
        }
        let result = ContainerResolution(
            container: derived.container, state: derived.containerState, level: derived.level,
            levelOverall: derived.levelOverall,
            surface: keyed(.surface, container?.surface), composition: keyed(.composition, container?.composition),
            shape: keyed(.shape, container?.shape), padding: keyed(.padding, container?.padding),
            border: keyed(.number, container?.border),
            requiresSecondaryAccent: container?.requiresSecondaryAccent ?? false,
            ignoresSafeAreaEdges: container?.ignoresSafeAreaEdges ?? [])
        try resolution.checkDepth()
        return result
    }
}
