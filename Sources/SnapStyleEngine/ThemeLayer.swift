/// The definitions one theme (or a request's overrides) contributes: one layer of a theme's stack.
public struct ThemeLayer: Sendable {
    /// A container definition with where it is written.
    public struct ContainerEntry: Hashable, Sendable {
        public var definition: ContainerDefinition
        public var location: SourceLocation
        public init(definition: ContainerDefinition, location: SourceLocation) {
            self.definition = definition
            self.location = location
        }
    }

    /// A component definition with where it is written.
    public struct ComponentEntry: Hashable, Sendable {
        public var definition: ComponentDefinition
        public var location: SourceLocation
        public init(definition: ComponentDefinition, location: SourceLocation) {
            self.definition = definition
            self.location = location
        }
    }

    /// One attribute's definitions, grouped by the file that wrote them, with an index from key to group.
    /// A change to one file copies only the index (small inline keys) and that file's group, never every
    /// definition of a large theme.
    struct Section: Sendable {
        var groups: [[FastKey: DefinitionEntry]] = []
        var groupOfFile: [String: Int] = [:]
        var index: [FastKey: Int32] = [:]

        subscript(key: String) -> DefinitionEntry? {
            let key = FastKey(key)
            guard let group = index[key] else { return nil }
            return groups[Int(group)][key]
        }

        mutating func set(_ key: String, _ entry: DefinitionEntry?) {
            let key = FastKey(key)
            let old = index[key]
            guard let entry else {
                if let old { groups[Int(old)][key] = nil }
                index[key] = nil
                return
            }
            let group: Int
            if let known = groupOfFile[entry.location.file] {
                group = known
            } else {
                group = groups.count
                groups.append([:])
                groupOfFile[entry.location.file] = group
            }
            // A key replaced within its file's group leaves the index as it is: a layer that shares its tables with
            // another (the generation served) then copies only that group.
            if let old, Int(old) != group { groups[Int(old)][key] = nil }
            groups[group][key] = entry
            if old != Int32(group) { index[key] = Int32(group) }
        }

        var all: [String: DefinitionEntry] {
            var result: [String: DefinitionEntry] = [:]
            result.reserveCapacity(index.count)
            for group in groups {
                for (key, entry) in group { result[key.string] = entry }
            }
            return result
        }

        var keys: [String] { index.keys.map(\.string) }
        var isEmpty: Bool { index.isEmpty }
    }

    /// The theme's name, or `overrides`.
    public var name: String
    /// Definitions per attribute, indexed by `Attribute.index`.
    private var sections: [Section]
    public var containers: [String: ContainerEntry]
    public var components: [String: ComponentEntry]
    /// The imported design tokens' modifiers and metadata (empty for a theme of native files only).
    public var tokens = TokenCatalog()

    public init(name: String) {
        self.name = name
        sections = Array(repeating: Section(), count: Attribute.allCases.count)
        containers = [:]
        components = [:]
    }

    /// Every definition of an attribute (assembled: use `entry` and `keys` on hot paths).
    public subscript(attribute: Attribute) -> [String: DefinitionEntry] {
        sections[attribute.index].all
    }

    /// The keys an attribute defines.
    public func keys(_ attribute: Attribute) -> [String] { sections[attribute.index].keys }

    /// The definition of a key in this layer, if the layer has one.
    public func entry(_ attribute: Attribute, _ key: String) -> DefinitionEntry? { sections[attribute.index][key] }

    /// Defines a key in this layer (nil removes it).
    public mutating func set(_ attribute: Attribute, _ key: String, _ entry: DefinitionEntry?) {
        sections[attribute.index].set(key, entry)
    }

    public var isEmpty: Bool { sections.allSatisfy(\.isEmpty) && containers.isEmpty && components.isEmpty }

    /// Every node this layer defines.
    public var nodes: [NodeRef] {
        var nodes: [NodeRef] = []
        for attribute in Attribute.allCases { nodes += keys(attribute).map { .key(attribute, $0) } }
        nodes += containers.keys.map { .container($0) }
        nodes += components.keys.map { .component($0) }
        return nodes
    }
}
