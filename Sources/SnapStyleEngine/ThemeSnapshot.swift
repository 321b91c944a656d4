/// One generation of a theme as it is served: its layers (bottom to top) and the containers and components
/// they define, with `extends` applied. Immutable; a change builds a new snapshot.
public final class ThemeSnapshot: Sendable {
    public let name: String
    public let generation: Int
    /// Bottom to top: the layers of the themes it extends, then its own.
    public let layers: [ThemeLayer]
    public let containers: [String: Container]
    public let components: [String: Component]

    public init(name: String, generation: Int, layers: [ThemeLayer]) {
        self.name = name
        self.generation = generation
        self.layers = layers
        (containers, components) = Self.effective(layers)
    }

    /// The same generation with new layers whose definitions are equal (only their locations moved).
    public func relocated(layers: [ThemeLayer]) -> ThemeSnapshot {
        ThemeSnapshot(
            name: name, generation: generation, layers: layers, containers: containers,
            components: components)
    }

    private init(
        name: String, generation: Int, layers: [ThemeLayer], containers: [String: Container],
        components: [String: Component]
    ) {
        self.name = name
        self.generation = generation
        self.layers = layers
        self.containers = containers
        self.components = components
    }

    /// The modifiers of every layer's imported tokens (a higher layer's modifier of the same name wins).
    public var modifiers: [ModifierSelector] {
        var seen = Set<String>()
        return layers.reversed().flatMap(\.tokens.modifiers).filter { seen.insert($0.name).inserted }
    }

    /// The metadata of an imported token, from the top layer that defines the key.
    public func token(_ attribute: Attribute, _ key: String) -> (layer: String, token: TokenCatalog.Token)? {
        for layer in layers.reversed() where layer.entry(attribute, key) != nil {
            return layer.tokens.tokens[.key(attribute, key)].map { (layer.name, $0) }
        }
        return nil
    }

    /// Whether any layer defines the key.
    public func defines(_ attribute: Attribute, _ key: String) -> Bool {
        layers.contains { $0.entry(attribute, key) != nil }
    }

    /// Every key of an attribute, sorted.
    public func keys(_ attribute: Attribute) -> [String] {
        var keys = Set<String>()
        for layer in layers { keys.formUnion(layer.keys(attribute)) }
        return keys.sorted()
    }

    /// The definition a key has in its top layer.
    public func topEntry(_ attribute: Attribute, _ key: String) -> (layer: String, entry: DefinitionEntry)? {
        for layer in layers.reversed() {
            if let entry = layer.entry(attribute, key) { return (layer.name, entry) }
        }
        return nil
    }

    /// Applies `extends` across layers: the top definition of an id wins whole, then its parent chain.
    static func effective(_ layers: [ThemeLayer]) -> ([String: Container], [String: Component]) {
        var containerDefs: [String: ContainerDefinition] = [:]
        var componentDefs: [String: ComponentDefinition] = [:]
        for layer in layers {
            for (id, entry) in layer.containers { containerDefs[id] = entry.definition }
            for (id, entry) in layer.components { componentDefs[id] = entry.definition }
        }
        var containers: [String: Container] = [:]
        func container(_ id: String, _ visiting: Set<String>) -> Container? {
            if let done = containers[id] { return done }
            guard let def = containerDefs[id], !visiting.contains(id) else { return nil }
            let parent = def.extends.flatMap { container($0, visiting.union([id])) }
            let result = Container(id: id, definition: def, parent: parent)
            containers[id] = result
            return result
        }
        for id in containerDefs.keys { _ = container(id, []) }
        var components: [String: Component] = [:]
        func component(_ id: String, _ visiting: Set<String>) -> Component? {
            if let done = components[id] { return done }
            guard let def = componentDefs[id], !visiting.contains(id) else { return nil }
            let parent = def.extends.flatMap { component($0, visiting.union([id])) }
            let result = Component(id: id, definition: def, parent: parent)
            components[id] = result
            return result
        }
        for id in componentDefs.keys { _ = component(id, []) }
        return (containers, components)
    }
}
