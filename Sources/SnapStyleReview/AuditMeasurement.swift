import SnapStyleEngine

/// A key a pair reads, with where its definition is written.
public struct AuditKey: Hashable, Sendable {
    public var attribute: Attribute
    public var key: String
    /// For an accent: the variant (`onAccent`, `base`) the pair reads.
    public var member: String?
    public var location: KeyLocation?

    public init(attribute: Attribute, key: String, member: String? = nil, location: KeyLocation? = nil) {
        self.attribute = attribute
        self.key = key
        self.member = member
        self.location = location
    }

    /// `surface onContent0`, `accent primary.onAccent`.
    public var name: String { "\(attribute.rawValue) \(key)" + (member.map { ".\($0)" } ?? "") }
}

/// Where a key's definition is written: the file (the theme root joined with the file the engine names, or the
/// built-in preset's path) and the line.
public struct KeyLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// Whether the file is one of the built-in preset's, which is embedded in the binary.
    public var builtin: Bool

    public init(file: String, line: Int, column: Int, builtin: Bool) {
        self.file = file
        self.line = line
        self.column = column
        self.builtin = builtin
    }

    public var description: String { "\(file):\(line)" }
}

/// What a pair belongs to.
public enum AuditSubject: Hashable, Sendable {
    /// An element of a component in a container state, in the hierarchies that measure alike (empty: all).
    case element(component: String, type: ElementType, hierarchies: [Hierarchy], state: ContainerState)
    /// The border of a component's container, over what is below the container.
    case border(component: String, state: ContainerState)
    /// An accent's `onAccent` over its `base`.
    case accent(String)
    /// A pair the theme's manifest declares (`theme.audit`), by its index there.
    case declared(Int)
    /// A pair found by a naming convention (`on-X over X`, ...).
    case convention(String)

    /// `contentCard title (highlighted)`, `accent primary`, `convention on-X over X`.
    public var name: String {
        switch self {
        case .element(let component, let type, let hierarchies, let state):
            let element =
                type.rawValue + (hierarchies.isEmpty ? "" : "." + hierarchies.map(\.rawValue).joined(separator: "/"))
            return "\(component) \(element) (\(state.rawValue))"
        case .border(let component, let state): return "\(component) border (\(state.rawValue))"
        case .accent(let key): return "accent \(key)"
        case .declared(let index): return "declared pair \(index + 1)"
        case .convention(let rule): return "convention \(rule)"
        }
    }
}

/// One foreground over one background in one context, measured.
public struct AuditMeasurement: Hashable, Sendable {
    public var subject: AuditSubject
    public var role: PairRole
    public var foreground: AuditKey
    /// The key of the layer drawn right below the foreground.
    public var background: AuditKey
    /// Every background layer's key, bottom first (the canvas is not a key).
    public var backgroundLayers: [String]
    /// The foreground color as the theme resolves it (maybe translucent).
    public var foregroundColor: RGBA
    /// The opaque colors below it (several for a gradient); `background` is the one measured worst.
    public var backgrounds: [RGBA]
    public var font: FontFacts?
    public var requirement: ContrastRequirement
    /// WCAG ratio and APCA Lc of the worst background.
    public var ratio: Double
    public var lightnessContrast: Double
    public var backgroundColor: RGBA
    public var passes: Bool

    /// Measures a foreground over the opaque backgrounds it may be drawn on.
    init(
        subject: AuditSubject, role: PairRole, foreground: AuditKey, foregroundColor: RGBA, background: AuditKey,
        backgroundLayers: [String], backgrounds: [RGBA], font: FontFacts?, requirement: ContrastRequirement,
        apca: Bool
    ) {
        self.subject = subject
        self.role = role
        self.foreground = foreground
        self.foregroundColor = foregroundColor
        self.background = background
        self.backgroundLayers = backgroundLayers
        self.backgrounds = backgrounds
        self.font = font
        self.requirement = requirement
        let scored = backgrounds.map { background in
            let drawn = foregroundColor.composited(over: background)
            return (
                background, WCAGContrast.ratio(drawn, background),
                APCAContrast.lightnessContrast(text: drawn, background: background)
            )
        }
        let worst = scored.min { $0.1 < $1.1 } ?? (RGBA(r: 1, g: 1, b: 1), 1, 0)
        backgroundColor = worst.0
        ratio = worst.1
        lightnessContrast = scored.min { abs($0.2) < abs($1.2) }?.2 ?? 0
        passes = scored.allSatisfy { requirement.isMet(ratio: $0.1, lightnessContrast: $0.2, apca: apca) }
    }

    /// Whether another foreground color would meet this pair's requirement over each of its backgrounds.
    func passes(with color: RGBA, apca: Bool) -> Bool {
        backgrounds.allSatisfy { background in
            let drawn = color.composited(over: background)
            return requirement.isMet(
                ratio: WCAGContrast.ratio(drawn, background),
                lightnessContrast: APCAContrast.lightnessContrast(text: drawn, background: background), apca: apca)
        }
    }
}
