/// Closed sets of values used by contexts, predicates and literals.
public protocol ClosedSet: RawRepresentable<String>, CaseIterable, Hashable, Sendable {}

extension ClosedSet {
    /// The allowed names, for error messages.
    public static var allowed: [String] { allCases.map(\.rawValue) }
}

public enum ColorScheme: String, ClosedSet { case light, dark }

public enum Contrast: String, ClosedSet { case standard, high }

public enum FontDesign: String, ClosedSet { case `default`, serif, rounded, monospaced }

public enum FontWidth: String, ClosedSet { case compressed, condensed, standard, expanded }

public enum FontWeight: String, ClosedSet {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
}

public enum Hierarchy: String, ClosedSet { case any, primary, secondary, tertiary }

public enum ElementType: String, ClosedSet {
    case any, title, label, icon, value, accessory, separator, footnote
}

public enum ContainerState: String, ClosedSet { case disabled, inactive, normal, highlighted, selected }

public enum Brightness: String, ClosedSet { case light, dark }

public enum AccentVariant: String, ClosedSet { case base, onAccent, complementary, contrast }

public enum Material: String, ClosedSet { case ultraThin, thin, regular, thick, ultraThick, bar }

public enum ShapeName: String, ClosedSet { case circle, capsule, ellipse, rectangle, containerRelative }

public enum Edge: String, ClosedSet { case leading, top, trailing, bottom }

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
