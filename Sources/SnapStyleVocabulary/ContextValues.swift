/// Closed sets of values used by contexts, predicates and literals.
public protocol ClosedSet: RawRepresentable<String>, CaseIterable, Hashable, Sendable {}

extension ClosedSet {
    /// The allowed names, for error messages.
    public static var allowed: [String] { allCases.map(\.rawValue) }
}

/// The context's `colorScheme`.
public enum ColorScheme: String, ClosedSet { case light, dark }

/// The context's `contrast`.
public enum Contrast: String, ClosedSet { case standard, high }

/// A font design (the context's `fontDesign`, a font literal's `design`).
public enum FontDesign: String, ClosedSet { case `default`, serif, rounded, monospaced }

/// A font width (the context's `fontWidth`, a font literal's `width`).
public enum FontWidth: String, ClosedSet { case compressed, condensed, standard, expanded }

/// A font literal's `weight`.
public enum FontWeight: String, ClosedSet {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
}

/// A font literal's `textStyle`: the text styles of the iOS Dynamic Type table (their sizes are the engine's).
public enum TextStyle: String, ClosedSet {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2
}

/// The hierarchy of an element or a component.
public enum Hierarchy: String, ClosedSet { case any, primary, secondary, tertiary }

/// The type of an element a component maps to attribute keys.
public enum ElementType: String, ClosedSet {
    case any, title, label, icon, value, accessory, separator, footnote
}

/// The state of a container on the stack.
public enum ContainerState: String, ClosedSet { case disabled, inactive, normal, highlighted, selected }

/// An accent's brightness.
public enum Brightness: String, ClosedSet { case light, dark }

/// One of an accent's four colours.
public enum AccentVariant: String, ClosedSet { case base, onAccent, complementary, contrast }

/// A surface material.
public enum Material: String, ClosedSet { case ultraThin, thin, regular, thick, ultraThick, bar }

/// A shape literal given by name.
public enum ShapeName: String, ClosedSet { case circle, capsule, ellipse, rectangle, containerRelative }

/// An edge of a padding.
public enum Edge: String, ClosedSet { case leading, top, trailing, bottom }

/// A safe-area edge a container ignores.
public enum SafeAreaEdge: String, ClosedSet { case top, bottom, leading, trailing, all }

/// A context's element: its type and hierarchy.
public struct Element: Hashable, Sendable {
    public var type: ElementType
    public var hierarchy: Hierarchy

    public init(type: ElementType, hierarchy: Hierarchy) {
        self.type = type
        self.hierarchy = hierarchy
    }

    public static let any = Element(type: .any, hierarchy: .any)
}

/// The element attributes a component maps.
public enum ElementAttribute: String, CaseIterable, Hashable, Sendable {
    case font, composition, padding, shape

    public var attribute: Attribute {
        switch self {
        case .font: .font
        case .composition: .composition
        case .padding: .padding
        case .shape: .shape
        }
    }
}
