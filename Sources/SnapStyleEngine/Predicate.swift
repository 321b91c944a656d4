/// A condition on the context: every test must match (an empty predicate always matches).
public struct Predicate: Hashable, Sendable {
    /// One member test of a predicate: a context member and what it must match.
    public struct Test: Hashable, Sendable {
        public var member: PredicateMember
        public var matcher: Matcher

        public init(member: PredicateMember, matcher: Matcher) {
            self.member = member
            self.matcher = matcher
        }
    }

    public var tests: [Test]

    public init(tests: [Test] = []) { self.tests = tests }

    public static let always = Predicate()
}

/// A scalar a predicate compares with a context value.
public enum Scalar: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case number(Double)

    public var description: String {
        switch self {
        case .string(let s): s
        case .number(let n): n.rounded() == n && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        }
    }
}

/// How a predicate member's value is tested.
public indirect enum Matcher: Hashable, Sendable {
    case equals(Scalar)
    case oneOf([Scalar])
    case range(min: Double?, max: Double?)
    case not(Matcher)

    /// Whether `value` (nil: the context has no such value) matches.
    public func matches(_ value: Scalar?) -> Bool {
        switch self {
        case .equals(let expected): return value == expected
        case .oneOf(let options): return value.map(options.contains) ?? false
        case .range(let min, let max):
            guard case .number(let n) = value else { return false }
            return (min.map { n >= $0 } ?? true) && (max.map { n <= $0 } ?? true)
        case .not(let inner): return !inner.matches(value)
        }
    }
}

/// The context values a predicate can test (docs/theme-format.md).
public enum PredicateMember: Hashable, Sendable {
    case colorScheme, contrast, platform, dynamicType, scaleFactor, fontDesign, fontWidth, elevation
    case accent, accentBrightness
    case component, componentHierarchy
    case container, containerParent, containerState, containerLevel, containerLevelOverall
    case elementType, elementHierarchy
    case variable(String)
    /// The context an imported theme's modifier selects (`vars.NAME`, else the manifest's mapping, else its default,
    /// else its first context).
    case modifier(ModifierSelector)

    /// What values a member takes, for validating predicates when a theme loads.
    public enum ValueKind: Sendable {
        case closed([String])
        case identifier
        case number
        case integer
        case key
        case any
    }

    public init?(name: String) {
        switch name {
        case "colorScheme": self = .colorScheme
        case "contrast": self = .contrast
        case "platform": self = .platform
        case "dynamicType": self = .dynamicType
        case "scaleFactor": self = .scaleFactor
        case "fontDesign": self = .fontDesign
        case "fontWidth": self = .fontWidth
        case "elevation": self = .elevation
        case "accent": self = .accent
        case "accent.brightness": self = .accentBrightness
        case "component": self = .component
        case "component.hierarchy": self = .componentHierarchy
        case "container": self = .container
        case "container.parent": self = .containerParent
        case "container.state": self = .containerState
        case "container.level": self = .containerLevel
        case "container.levelOverall": self = .containerLevelOverall
        case "element.type": self = .elementType
        case "element.hierarchy": self = .elementHierarchy
        default:
            guard name.hasPrefix("vars."), name.count > 5 else { return nil }
            self = .variable(String(name.dropFirst(5)))
        }
    }

    public static let names = [
        "colorScheme", "contrast", "platform", "dynamicType", "scaleFactor", "fontDesign", "fontWidth", "elevation",
        "accent", "accent.brightness", "component", "component.hierarchy", "container", "container.parent",
        "container.state", "container.level", "container.levelOverall", "element.type", "element.hierarchy",
        "vars.NAME",
    ]

    public var valueKind: ValueKind {
        switch self {
        case .colorScheme: .closed(ColorScheme.allowed)
        case .contrast: .closed(Contrast.allowed)
        case .platform: .identifier
        case .dynamicType: .closed(DynamicTypeCategory.allowed)
        case .scaleFactor: .number
        case .fontDesign: .closed(FontDesign.allowed)
        case .fontWidth: .closed(FontWidth.allowed)
        case .elevation, .containerLevel, .containerLevelOverall: .integer
        case .accent, .component, .container, .containerParent: .key
        case .accentBrightness: .closed(Brightness.allowed)
        case .componentHierarchy, .elementHierarchy: .closed(Hierarchy.allowed)
        case .containerState: .closed(ContainerState.allowed)
        case .elementType: .closed(ElementType.allowed)
        case .variable, .modifier: .any
        }
    }

    /// Whether the value depends on the stack of components and containers (and so on their definitions).
    var readsStack: Bool {
        switch self {
        case .component, .componentHierarchy, .container, .containerParent, .containerState, .containerLevel,
            .containerLevelOverall, .accent, .accentBrightness:
            true
        case .modifier(let selector): selector.readsStack
        default: false
        }
    }
}

/// How a request selects one context of an imported theme's modifier (docs/dtcg.md): by the variable `vars.NAME`
/// when it is set; else by the first context whose predicate (the theme manifest's mapping) matches; else by the
/// modifier's default; else its first context.
public struct ModifierSelector: Hashable, Sendable {
    /// One context of the mapping, with the predicate that selects it.
    public struct Mapping: Hashable, Sendable {
        public var context: String
        public var predicate: Predicate

        public init(context: String, predicate: Predicate) {
            self.context = context
            self.predicate = predicate
        }
    }

    public var name: String
    public var contexts: [String]
    public var defaultContext: String?
    public var mapping: [Mapping]

    public init(name: String, contexts: [String], defaultContext: String?, mapping: [Mapping] = []) {
        self.name = name
        self.contexts = contexts
        self.defaultContext = defaultContext
        self.mapping = mapping
    }

    /// The context used when neither the variable nor the mapping selects one.
    public var fallback: String { defaultContext ?? contexts.first ?? "" }

    var readsStack: Bool { mapping.contains { $0.predicate.tests.contains { $0.member.readsStack } } }

    /// A matcher that holds when this modifier selects `context`.
    public func selects(_ context: String) -> Predicate {
        Predicate(tests: [Predicate.Test(member: .modifier(self), matcher: .equals(.string(context)))])
    }
}
