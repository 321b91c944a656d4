import SnapStyleEngine

/// How an audit judges pairs.
public struct AuditOptions: Sendable, Hashable {
    public var level: WCAGLevel
    /// Also require APCA's bronze-level Lc.
    public var apca: Bool

    public init(level: WCAGLevel = .AA, apca: Bool = false) {
        self.level = level
        self.apca = apca
    }
}

/// Finds a theme's foreground/background pairs in its model and measures them in every context.
public struct ThemeAuditor: Sendable {
    public let theme: String
    public let session: StyleSession
    public let options: AuditOptions
    public let locator: KeyLocator
    /// Pairs the theme declares (`theme.audit` in its manifest).
    public var declared: [DeclaredPair]

    public init(
        theme: String, session: StyleSession, options: AuditOptions, locator: KeyLocator,
        declared: [DeclaredPair] = []
    ) {
        self.theme = theme
        self.session = session
        self.options = options
        self.locator = locator
        self.declared = declared
    }

    /// Every context the theme is measured in.
    public var contexts: [AuditContext] { AuditContext.space(modifiers: session.snapshot.modifiers) }

    /// Every pair of the theme in one context, and how many pairs could not be measured (a material below, a
    /// foreground that is no plain color).
    func measurements(in context: AuditContext, named: [NamedPair]) -> (pairs: [AuditMeasurement], unmeasured: Int) {
        var pairs: [AuditMeasurement] = []
        var unmeasured = 0
        let native = nativeMeasurements(in: context)
        pairs += native.pairs
        unmeasured += native.unmeasured
        pairs += accentMeasurements(in: context)
        let namedResult = namedMeasurements(in: context, named: named)
        pairs += namedResult.pairs
        unmeasured += namedResult.unmeasured
        return (pairs, unmeasured)
    }

    func key(_ attribute: Attribute, _ key: String, member: String? = nil) -> AuditKey {
        AuditKey(attribute: attribute, key: key, member: member, location: locator.location(attribute, key))
    }

    func requirement(_ role: PairRole, font: FontFacts?, disabled: Bool = false) -> ContrastRequirement {
        ContrastRequirement(role: role, font: font, level: options.level, disabled: disabled)
    }

    /// The background key a measurement names: the top layer, or the canvas when nothing is drawn.
    func backgroundKey(_ backdrop: Backdrop) -> AuditKey {
        guard let top = backdrop.keys.last else { return AuditKey(attribute: .surface, key: "(canvas)") }
        return key(.surface, top)
    }

    /// Each accent's `onAccent` over its `base` (an accent that only refers to another is measured there).
    func accentMeasurements(in context: AuditContext) -> [AuditMeasurement] {
        let snapshot = session.snapshot
        var pairs: [AuditMeasurement] = []
        for accent in snapshot.keys(.accent) {
            if case .ref = snapshot.topEntry(.accent, accent)?.entry.definition { continue }
            guard case .accent(let value)? = try? session.resolve(.accent, accent, context: context.styleContext())
            else { continue }
            let base = value.base.composited(over: context.canvas)
            pairs.append(
                AuditMeasurement(
                    subject: .accent(accent), role: .text, foreground: key(.accent, accent, member: "onAccent"),
                    foregroundColor: value.onAccent, background: key(.accent, accent, member: "base"),
                    backgroundLayers: [accent + ".base"], backgrounds: [base], font: nil,
                    requirement: requirement(.text, font: nil), apca: options.apca))
        }
        return pairs
    }
}

/// Finds where keys are defined: the top layer's definition, in its theme's root.
public struct KeyLocator: Sendable {
    let snapshot: ThemeSnapshot
    /// Theme name → root directory; a layer whose theme is not listed is the built-in preset.
    let roots: [String: String]

    public init(snapshot: ThemeSnapshot, roots: [String: String]) {
        self.snapshot = snapshot
        self.roots = roots
    }

    public func location(_ attribute: Attribute, _ key: String) -> KeyLocation? {
        guard let (layer, entry) = snapshot.topEntry(attribute, key) else { return nil }
        let location = entry.location
        guard let root = roots[layer] else {
            return KeyLocation(file: location.file, line: location.line, column: location.column, builtin: true)
        }
        return KeyLocation(
            file: root + "/" + location.file, line: location.line, column: location.column, builtin: false)
    }
}
