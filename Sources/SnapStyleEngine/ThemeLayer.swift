/// The definitions one theme (or a request's overrides) contributes: one layer of a theme's stack.
public struct ThemeLayer: Sendable {
    public struct ContainerEntry: Hashable, Sendable {
        public var definition: ContainerDefinition
        public var location: SourceLocation
        public init(definition: ContainerDefinition, location: SourceLocation) {
            self.definition = definition
            self.location = location
        }
    }

    public struct ComponentEntry: Hashable, Sendable {
        public var definition: ComponentDefinition
        public var location: SourceLocation
        public init(definition: ComponentDefinition, location: SourceLocation) {
            self.definition = definition
            self.location = location
        }
    }

    /// The theme's name, or `overrides`.
    public var name: String
    /// Definitions per attribute, indexed by `Attribute.index`.
    private var sections: [[String: DefinitionEntry]]
    public var containers: [String: ContainerEntry]
    public var components: [String: ComponentEntry]

    public init(name: String) {
        self.name = name
        sections = Array(repeating: [:], count: Attribute.allCases.count)
        containers = [:]
        components = [:]
    }

    public subscript(attribute: Attribute) -> [String: DefinitionEntry] {
        get { sections[attribute.index] }
        set { sections[attribute.index] = newValue }
    }

    public func entry(_ attribute: Attribute, _ key: String) -> DefinitionEntry? { sections[attribute.index][key] }

    public mutating func set(_ attribute: Attribute, _ key: String, _ entry: DefinitionEntry?) {
        sections[attribute.index][key] = entry
    }

    public var isEmpty: Bool { sections.allSatisfy(\.isEmpty) && containers.isEmpty && components.isEmpty }

    /// Every node this layer defines.
    public var nodes: [NodeRef] {
        var nodes: [NodeRef] = []
        for attribute in Attribute.allCases { nodes += self[attribute].keys.map { .key(attribute, $0) } }
        nodes += containers.keys.map { .container($0) }
        nodes += components.keys.map { .component($0) }
        return nodes
    }
}
