import SnapStyleJSON

/// What a request says about where a value is used (docs/theme-format.md). Every member has a default.
public struct StyleContext: Hashable, Sendable {
    /// One entry of the stack of applied components and containers, root first.
    public enum StackEntry: Hashable, Sendable {
        case component(String, state: ContainerState, hierarchy: Hierarchy?)
        case container(String, state: ContainerState)
    }

    public var colorScheme: ColorScheme = .light
    public var contrast: Contrast = .standard
    public var platform: String?
    public var dynamicType: DynamicTypeCategory = .large
    public var scaleFactor: Double = 1
    public var fontDesign: FontDesign = .default
    public var fontWidth: FontWidth = .standard
    public var elevation: Int = 0
    public var accent: String = "primary"
    public var stack: [StackEntry] = []
    public var componentHierarchy: Hierarchy?
    public var element: Element = .any
    public var vars: [String: Scalar] = [:]

    public init() {}

    /// The factor numbers are scaled by (5.3).
    public var numberScale: Double { scaleFactor * TextStyle.body.scale(at: dynamicType) }

    /// The factor a font of a text style is scaled by (5.3).
    public func fontScale(_ style: TextStyle) -> Double { scaleFactor * style.scale(at: dynamicType) }
}

/// A context member that is missing its type or outside its set (-32003).
public struct ContextError: Error, Hashable, Sendable {
    /// Dotted path of the member inside the context (`colorScheme`, `stack.1.state`).
    public var field: String
    public var reason: String
    /// The allowed values, where the set is closed.
    public var allowed: [String]?

    public init(field: String, reason: String, allowed: [String]? = nil) {
        self.field = field
        self.reason = reason
        self.allowed = allowed
    }
}

extension StyleContext {
    /// The members a context object may have.
    public enum Member: String, CaseIterable, Sendable {
        case colorScheme, contrast, platform, dynamicType, scaleFactor, fontDesign, fontWidth, elevation, accent, stack
        case componentHierarchy, element, vars
    }

    /// Reads a context object; an unknown member or a value outside its set is an error.
    public init(json: JSONValue) throws(ContextError) {
        self.init()
        guard case .object(let object) = json else {
            if json.isNull { return }
            throw ContextError(field: "", reason: "the context must be an object, not \(json.typeName)")
        }
        for member in object {
            guard let name = Member(rawValue: member.key) else {
                throw ContextError(
                    field: member.key, reason: "unknown context member", allowed: Member.allCases.map(\.rawValue))
            }
            try set(name, member.value)
        }
    }

    /// Sets one member from its JSON value, checked as `init(json:)` checks it.
    public mutating func set(_ member: Member, _ value: JSONValue) throws(ContextError) {
        switch member {
        case .colorScheme: colorScheme = try Self.closed(value, member.rawValue)
        case .contrast: contrast = try Self.closed(value, member.rawValue)
        case .platform:
            guard let s = value.stringValue, KeySyntax.isValid(s) else {
                throw ContextError(field: "platform", reason: "expected an identifier such as \"ios\"")
            }
            platform = s
        case .dynamicType: dynamicType = try Self.closed(value, member.rawValue)
        case .scaleFactor:
            guard let d = value.doubleValue, d.isFinite, d >= 0 else {
                throw ContextError(field: "scaleFactor", reason: "expected a finite number ≥ 0")
            }
            scaleFactor = d
        case .fontDesign: fontDesign = try Self.closed(value, member.rawValue)
        case .fontWidth: fontWidth = try Self.closed(value, member.rawValue)
        case .elevation:
            guard let i = value.intValue else {
                throw ContextError(field: "elevation", reason: "expected an integer")
            }
            elevation = i
        case .accent:
            guard let s = value.stringValue, KeySyntax.isValid(s) else {
                throw ContextError(field: "accent", reason: "expected an accent key")
            }
            accent = s
        case .stack: stack = try Self.stack(value)
        case .componentHierarchy: componentHierarchy = try Self.closed(value, member.rawValue) as Hierarchy
        case .element: element = try Self.element(value, field: "element")
        case .vars:
            guard case .object(let vars) = value else {
                throw ContextError(field: "vars", reason: "expected an object of strings and numbers")
            }
            for v in vars {
                switch v.value {
                case .string(let s): self.vars[v.key] = .string(s)
                case .integer, .double:
                    guard let d = v.value.doubleValue, d.isFinite else { fallthrough }
                    self.vars[v.key] = .number(d)
                default:
                    throw ContextError(field: "vars.\(v.key)", reason: "expected a string or a number")
                }
            }
        }
    }

    static func closed<T: ClosedSet>(_ value: JSONValue, _ field: String) throws(ContextError) -> T {
        guard let s = value.stringValue else {
            throw ContextError(field: field, reason: "expected a string, not \(value.typeName)", allowed: T.allowed)
        }
        // A loop over the cases: `init(rawValue:)` searches with the standard library's string switch, which costs
        // several times more, and every request reads a few of these.
        for candidate in T.allCases where candidate.rawValue == s { return candidate }
        throw ContextError(field: field, reason: "'\(s)' is not allowed", allowed: T.allowed)
    }

    /// Reads an element: `{"type", "hierarchy"}` or the string form `"title"` / `"title.secondary"`.
    public static func element(_ value: JSONValue, field: String) throws(ContextError) -> Element {
        switch value {
        case .string(let s):
            let parts = s.split(separator: ".", maxSplits: 1).map(String.init)
            guard let type = ElementType(rawValue: parts.first ?? "") else {
                throw ContextError(
                    field: "\(field).type", reason: "'\(s)' is not an element type",
                    allowed: ElementType.allowed)
            }
            var hierarchy = Hierarchy.primary
            if parts.count == 2 {
                guard let h = Hierarchy(rawValue: parts[1]) else {
                    throw ContextError(
                        field: "\(field).hierarchy", reason: "'\(parts[1])' is not a hierarchy",
                        allowed: Hierarchy.allowed)
                }
                hierarchy = h
            }
            return Element(type: type, hierarchy: hierarchy)
        case .object(let object):
            var element = Element.any
            for member in object {
                switch member.key {
                case "type": element.type = try closed(member.value, "\(field).type")
                case "hierarchy": element.hierarchy = try closed(member.value, "\(field).hierarchy")
                default:
                    throw ContextError(
                        field: "\(field).\(member.key)", reason: "unknown element member",
                        allowed: ["type", "hierarchy"])
                }
            }
            return element
        default:
            throw ContextError(field: field, reason: "expected an object or a string such as \"title.secondary\"")
        }
    }

    static func stack(_ value: JSONValue) throws(ContextError) -> [StackEntry] {
        guard case .array(let entries) = value else {
            throw ContextError(field: "stack", reason: "expected an array of components and containers")
        }
        var stack: [StackEntry] = []
        for (index, entry) in entries.enumerated() {
            let field = "stack.\(index)"
            guard case .object(let object) = entry else {
                throw ContextError(field: field, reason: "expected {\"component\": ID} or {\"container\": ID}")
            }
            var component: String?, container: String?, state = ContainerState.normal, hierarchy: Hierarchy?
            for member in object {
                switch member.key {
                case "component", "container":
                    guard let id = member.value.stringValue, KeySyntax.isValid(id) else {
                        throw ContextError(field: "\(field).\(member.key)", reason: "expected an id")
                    }
                    if member.key == "component" { component = id } else { container = id }
                case "state": state = try closed(member.value, "\(field).state")
                case "hierarchy": hierarchy = try closed(member.value, "\(field).hierarchy") as Hierarchy
                default:
                    throw ContextError(
                        field: "\(field).\(member.key)", reason: "unknown stack entry member",
                        allowed: ["component", "container", "state", "hierarchy"])
                }
            }
            switch (component, container) {
            case (let c?, nil): stack.append(.component(c, state: state, hierarchy: hierarchy))
            case (nil, let c?):
                if hierarchy != nil {
                    throw ContextError(field: "\(field).hierarchy", reason: "only a component entry has a hierarchy")
                }
                stack.append(.container(c, state: state))
            default:
                throw ContextError(field: field, reason: "an entry names exactly one of component or container")
            }
        }
        return stack
    }
}
