/// A member of a container or component as written: not given (inherited through `extends`), cleared with
/// `null`, or set.
public enum Inherited<Value: Hashable & Sendable>: Hashable, Sendable {
    case inherit
    case clear
    case set(Value)

    func applied(over parent: Value?) -> Value? {
        switch self {
        case .inherit: parent
        case .clear: nil
        case .set(let value): value
        }
    }
}

/// A container as a theme file writes it (docs/theme-format.md).
public struct ContainerDefinition: Hashable, Sendable {
    public var extends: String?
    public var surface: Inherited<String> = .inherit
    public var composition: Inherited<String> = .inherit
    public var shape: Inherited<String> = .inherit
    public var padding: Inherited<String> = .inherit
    public var border: Inherited<String> = .inherit
    public var requiresSecondaryAccent: Inherited<Bool> = .inherit
    public var ignoresSafeAreaEdges: Inherited<[SafeAreaEdge]> = .inherit

    public init(extends: String? = nil) { self.extends = extends }

    /// The keys it names, with their attributes.
    public var references: [NodeRef] {
        var refs: [NodeRef] = []
        if case .set(let k) = surface { refs.append(.key(.surface, k)) }
        if case .set(let k) = composition { refs.append(.key(.composition, k)) }
        if case .set(let k) = shape { refs.append(.key(.shape, k)) }
        if case .set(let k) = padding { refs.append(.key(.padding, k)) }
        if case .set(let k) = border { refs.append(.key(.number, k)) }
        return refs
    }
}

/// A container with `extends` applied: what `resolveContainer` reports.
public struct Container: Hashable, Sendable {
    public var id: String
    public var surface: String?
    public var composition: String?
    public var shape: String?
    public var padding: String?
    public var border: String?
    public var requiresSecondaryAccent: Bool
    public var ignoresSafeAreaEdges: [SafeAreaEdge]

    init(id: String, definition d: ContainerDefinition, parent: Container?) {
        self.id = id
        surface = d.surface.applied(over: parent?.surface)
        composition = d.composition.applied(over: parent?.composition)
        shape = d.shape.applied(over: parent?.shape)
        padding = d.padding.applied(over: parent?.padding)
        border = d.border.applied(over: parent?.border)
        requiresSecondaryAccent = d.requiresSecondaryAccent.applied(over: parent?.requiresSecondaryAccent) ?? false
        ignoresSafeAreaEdges = d.ignoresSafeAreaEdges.applied(over: parent?.ignoresSafeAreaEdges) ?? []
    }
}

/// Element type → key of an attribute (nil: explicitly no key).
public typealias ElementMapping = [ElementType: String?]

/// A component as a theme file writes it (docs/theme-format.md).
public struct ComponentDefinition: Hashable, Sendable {
    public var extends: String?
    public var container: Inherited<String> = .inherit
    public var hierarchy: Inherited<Hierarchy> = .inherit
    public var spacing: Inherited<String> = .inherit
    public var mappings: [ElementAttribute: Inherited<ElementMapping>] = [:]

    public init(extends: String? = nil) { self.extends = extends }

    public var references: [NodeRef] {
        var refs: [NodeRef] = []
        if case .set(let id) = container { refs.append(.container(id)) }
        if case .set(let k) = spacing { refs.append(.key(.number, k)) }
        for (attribute, mapping) in mappings.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard case .set(let map) = mapping else { continue }
            for key in map.values.compactMap({ $0 }).sorted() { refs.append(.key(attribute.attribute, key)) }
        }
        return refs
    }
}

/// A component with `extends` applied.
public struct Component: Hashable, Sendable {
    public var id: String
    public var container: String?
    public var hierarchy: Hierarchy
    public var spacing: String?
    public var mappings: [ElementAttribute: ElementMapping]

    init(id: String, definition d: ComponentDefinition, parent: Component?) {
        self.id = id
        container = d.container.applied(over: parent?.container)
        hierarchy = d.hierarchy.applied(over: parent?.hierarchy) ?? .primary
        spacing = d.spacing.applied(over: parent?.spacing)
        var mappings: [ElementAttribute: ElementMapping] = [:]
        for attribute in ElementAttribute.allCases {
            let written = d.mappings[attribute] ?? .inherit
            if let mapping = written.applied(over: parent?.mappings[attribute]) { mappings[attribute] = mapping }
        }
        self.mappings = mappings
    }

    /// The key this component maps an element type to; a type it does not map has no key (docs/theme-format.md).
    public func key(for attribute: ElementAttribute, element: ElementType) -> String? {
        mappings[attribute]?[element] ?? nil
    }
}
