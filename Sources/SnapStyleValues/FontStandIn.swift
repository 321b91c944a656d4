import SnapStyleVocabulary

/// What an export writes for the typography members a native font leaves unset (DTCG requires them), and what the
/// importer then leaves unset again: the generic families of its design, a line height of 1.2 (CSS's `normal`,
/// roughly) and no letter spacing.
public enum FontStandIn {
    public static let lineHeight = 1.2
    public static let letterSpacing = 0.0
}

extension FontDesign {
    /// The CSS generic families that stand for the system font of this design.
    public var genericFamilies: [String] {
        switch self {
        case .default: ["system-ui", "sans-serif"]
        case .serif: ["ui-serif", "serif"]
        case .rounded: ["ui-rounded", "system-ui", "sans-serif"]
        case .monospaced: ["ui-monospace", "monospace"]
        }
    }
}
