import SnapStyleEngine
import SnapStyleReview

/// How a key's definition changed between the two sides.
public struct KeyChange: Hashable, Sendable {
    public enum Kind: String, Sendable { case added, removed, renamed, redefined }

    public var kind: Kind
    public var attribute: Attribute
    /// The key's name on the head side (on the base side when removed).
    public var key: String
    /// For a rename: the base side's name.
    public var from: String?
    /// The definitions as a person reads them (`ref gray.900`, `#112233`).
    public var old: String?
    public var new: String?
    /// Where the head side's definition is written (the base side's when removed): `file:line`.
    public var location: String?
}

/// Contexts where a key's value changed from one value to the same other value.
public struct ChangeGroup: Hashable, Sendable {
    public var contexts: [AuditContext]
    public var old: ResolvedValue?
    public var new: ResolvedValue?
}

/// A CSS custom property of the export whose value changed, in some contexts.
public struct CSSChange: Hashable, Sendable {
    public var name: String
    public var old: String?
    public var new: String?
    public var contexts: [AuditContext]
}

/// A key whose resolved value changed, where, and why.
public struct ValueChange: Hashable, Sendable {
    public var attribute: Attribute
    public var key: String
    public var groups: [ChangeGroup]
    /// Whether the key's own definition changed.
    public var ownDefinition: Bool
    /// The keys it reads (directly or not) whose definitions changed, as `explain` names them.
    public var upstream: [NodeRef]
    public var css: [CSSChange]
}

/// An element of a component whose resolved values changed.
public struct ElementImpact: Hashable, Sendable {
    public var component: String
    public var type: ElementType
    public var hierarchies: [Hierarchy]
    public var states: [ContainerState]
    /// The element attributes that changed (`font`, `composition`).
    public var attributes: [ElementAttribute]
}

/// A container whose resolved properties changed.
public struct ContainerImpact: Hashable, Sendable {
    public var container: String
    public var states: [ContainerState]
    /// The components drawn in it.
    public var components: [String]
}

/// An audit pair whose contrast ratio fell.
public struct ContrastRegression: Hashable, Sendable {
    /// `contentCard title (normal)`, `accent primary`.
    public var pair: String
    public var role: PairRole
    public var foreground: String
    public var background: String
    public var contexts: [AuditContext]
    public var oldRatio: Double
    public var newRatio: Double
    /// The ratio the pair needs (nil: exempt, such as a disabled state).
    public var required: Double?
    public var passesBefore: Bool
    public var passes: Bool
}

/// A theme's load error on one side.
public struct SideError: Hashable, Sendable {
    public enum Side: String, Sendable { case base, head }
    public var side: Side
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
}

/// What changed in one theme.
public struct ThemeDiff: Sendable {
    public enum Status: String, Sendable {
        /// Loaded on both sides and compared.
        case compared
        /// Only the head side has it.
        case added
        /// Only the base side has it.
        case removed
        /// It failed to load on a side (or is on neither): see `errors`.
        case error
    }

    public var theme: String
    public var status: Status
    public var errors: [SideError] = []
    public var keys: [KeyChange] = []
    public var values: [ValueChange] = []
    public var components: [ElementImpact] = []
    public var containers: [ContainerImpact] = []
    public var contrast: [ContrastRegression] = []
    /// The contexts compared (colors at the default Dynamic Type size; fonts and numbers at every size).
    public var contexts: [AuditContext] = []

    public init(theme: String, status: Status) {
        self.theme = theme
        self.status = status
    }

    /// The contexts a key of this attribute is compared in.
    public func contexts(for attribute: Attribute) -> [AuditContext] {
        attribute == .font || attribute == .number ? contexts : contexts.filter { $0.dynamicType == .large }
    }

    /// The components with an element that changed or drawn in a container that changed, sorted.
    public var reachedComponents: [String] {
        Set(components.map(\.component)).union(containers.flatMap(\.components)).sorted()
    }

    /// Every CSS custom property that changed, sorted.
    public var cssVariables: [String] { Set(values.flatMap { $0.css.map(\.name) }).sorted() }

    /// Whether anything differs.
    public var changed: Bool {
        status != .compared || !keys.isEmpty || !values.isEmpty || !components.isEmpty || !containers.isEmpty
    }
}

/// What `snapstyle diff` reports.
public struct DiffReport: Sendable {
    public var base: String
    public var head: String
    public var themes: [ThemeDiff]

    public init(base: String, head: String, themes: [ThemeDiff]) {
        self.base = base
        self.head = head
        self.themes = themes
    }

    /// Whether any theme changed (or could not be compared).
    public var changed: Bool { themes.contains(where: \.changed) }
    /// Whether a theme failed to load on a side.
    public var failed: Bool { themes.contains { $0.status == .error } }
}
