/// The kinds of visual property a theme defines, one section of a theme file each. `token` holds imported design
/// tokens of the types no other attribute covers (durations, shadows, borders, ...).
public enum Attribute: String, CaseIterable, Hashable, Sendable, Comparable {
    case surface, number, font, padding, shape, icon, composition, accent, token

    /// In the order of the cases.
    public static func < (a: Self, b: Self) -> Bool { a.position < b.position }

    private var position: Int {
        switch self {
        case .surface: 0
        case .number: 1
        case .font: 2
        case .padding: 3
        case .shape: 4
        case .icon: 5
        case .composition: 6
        case .accent: 7
        case .token: 8
        }
    }
}
