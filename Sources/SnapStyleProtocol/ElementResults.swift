import SnapStyleJSON
import SnapStyleVocabulary

/// `{"key", "value"}`: the key an element or a container maps for one attribute and its value (key null: none
/// mapped; value null: no value).
public struct MappedValue: Sendable, Hashable {
    public var key: String?
    public var value: JSONValue?

    public init(key: String?, value: JSONValue?) {
        self.key = key
        self.value = value
    }

    public var json: JSONValue { .object(["key": key.map(JSONValue.string) ?? .null, "value": value ?? .null]) }

    public init(json: JSONValue?) {
        let value = json?["value"] ?? .null
        self.init(key: json?["key"]?.stringValue, value: value.nonNull)
    }
}

/// The result of `resolveElement`: an element's font, composition, padding and shape in its component.
public struct ElementResult: Sendable, Hashable {
    public var theme: String
    public var generation: Int
    /// The component in effect (nil: none).
    public var component: String?
    public var element: Element
    public var values: [ElementAttribute: MappedValue]

    /// One of them.
    public subscript(attribute: ElementAttribute) -> MappedValue {
        values[attribute] ?? MappedValue(key: nil, value: nil)
    }

    public init(
        theme: String, generation: Int, component: String?, element: Element, values: [ElementAttribute: MappedValue]
    ) {
        self.theme = theme
        self.generation = generation
        self.component = component
        self.element = element
        self.values = values
    }

    /// Whether the component maps this element type for some attribute.
    public var isMapped: Bool { values.values.contains { $0.key != nil } }

    public var json: JSONValue {
        var result: JSONObject = [
            "theme": .string(theme), "generation": .integer(Int64(generation)),
            "component": component.map(JSONValue.string) ?? .null,
            "element": .object([
                "type": .string(element.type.rawValue), "hierarchy": .string(element.hierarchy.rawValue),
            ]),
        ]
        for attribute in ElementAttribute.allCases { result[attribute.rawValue] = self[attribute].json }
        return .object(result)
    }

    public init?(json: JSONValue) {
        guard let theme = json["theme"]?.stringValue, let generation = json["generation"]?.intValue,
            let type = json["element"]?["type"]?.stringValue.flatMap(ElementType.init(rawValue:)),
            let hierarchy = json["element"]?["hierarchy"]?.stringValue.flatMap(Hierarchy.init(rawValue:))
        else { return nil }
        var values: [ElementAttribute: MappedValue] = [:]
        for attribute in ElementAttribute.allCases { values[attribute] = MappedValue(json: json[attribute.rawValue]) }
        self.init(
            theme: theme, generation: generation, component: json["component"]?.stringValue,
            element: Element(type: type, hierarchy: hierarchy), values: values)
    }
}

/// The result of `resolveContainer`: the current container and what it maps.
public struct ContainerResult: Sendable, Hashable {
    /// The mapped attributes, in the order the result writes them.
    public static let attributes = ["surface", "composition", "shape", "padding", "border"]

    public var theme: String
    public var generation: Int
    /// The container on top of the stack (nil: none).
    public var container: String?
    public var state: ContainerState
    public var level: Int
    public var levelOverall: Int
    /// By name (`surface`, `composition`, `shape`, `padding`, `border`).
    public var values: [String: MappedValue]
    public var requiresSecondaryAccent: Bool
    public var ignoresSafeAreaEdges: [SafeAreaEdge]

    public init(
        theme: String, generation: Int, container: String?, state: ContainerState, level: Int, levelOverall: Int,
        values: [String: MappedValue], requiresSecondaryAccent: Bool, ignoresSafeAreaEdges: [SafeAreaEdge]
    ) {
        self.theme = theme
        self.generation = generation
        self.container = container
        self.state = state
        self.level = level
        self.levelOverall = levelOverall
        self.values = values
        self.requiresSecondaryAccent = requiresSecondaryAccent
        self.ignoresSafeAreaEdges = ignoresSafeAreaEdges
    }

    public var json: JSONValue {
        var result: JSONObject = [
            "theme": .string(theme), "generation": .integer(Int64(generation)),
            "container": container.map(JSONValue.string) ?? .null, "state": .string(state.rawValue),
            "level": .integer(Int64(level)), "levelOverall": .integer(Int64(levelOverall)),
        ]
        for name in Self.attributes { result[name] = (values[name] ?? MappedValue(key: nil, value: nil)).json }
        result["requiresSecondaryAccent"] = .bool(requiresSecondaryAccent)
        result["ignoresSafeAreaEdges"] = .array(ignoresSafeAreaEdges.map { .string($0.rawValue) })
        return .object(result)
    }

    public init?(json: JSONValue) {
        guard let theme = json["theme"]?.stringValue, let generation = json["generation"]?.intValue,
            let state = json["state"]?.stringValue.flatMap(ContainerState.init(rawValue:))
        else { return nil }
        var values: [String: MappedValue] = [:]
        for name in Self.attributes { values[name] = MappedValue(json: json[name]) }
        self.init(
            theme: theme, generation: generation, container: json["container"]?.stringValue, state: state,
            level: json["level"]?.intValue ?? 1, levelOverall: json["levelOverall"]?.intValue ?? -1, values: values,
            requiresSecondaryAccent: json["requiresSecondaryAccent"]?.boolValue ?? false,
            ignoresSafeAreaEdges: json["ignoresSafeAreaEdges"]?.arrayValue?.compactMap {
                $0.stringValue.flatMap(SafeAreaEdge.init(rawValue:))
            } ?? [])
    }
}
