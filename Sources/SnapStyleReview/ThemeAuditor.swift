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

    func key(_ attribute: Attribute, _ key: String, member: String? = nil, in context: AuditContext? = nil)
        -> AuditKey
    {
        AuditKey(
            attribute: attribute, key: key, member: member,
            location: locator.location(attribute, key, in: context?.styleContext()))
    }

    func requirement(_ role: PairRole, font: FontFacts?, disabled: Bool = false) -> ContrastRequirement {
        ContrastRequirement(role: role, font: font, level: options.level, disabled: disabled)
    }

    /// The background key a measurement names: the top layer, or the canvas when nothing is drawn.
    func backgroundKey(_ backdrop: Backdrop, in context: AuditContext) -> AuditKey {
        guard let top = backdrop.keys.last else { return AuditKey(attribute: .surface, key: "(canvas)") }
        return key(.surface, top, in: context)
    }

    /// Each accent's `onAccent` over its `base` (an accent that only refers to another is measured there).
    func accentMeasurements(in context: AuditContext) -> [AuditMeasurement] {
        measuredAccents.compactMap { accentMeasurement($0, in: context) }
    }

    /// The accents measured: those that do not only refer to another.
    var measuredAccents: [String] {
        let snapshot = session.snapshot
        return snapshot.keys(.accent).filter { accent in
            if case .ref = snapshot.topEntry(.accent, accent)?.entry.definition { return false }
            return true
        }
    }

    /// An accent's `onAccent` over its `base` in one context.
    func accentMeasurement(_ accent: String, in context: AuditContext) -> AuditMeasurement? {
        guard case .accent(let value)? = try? session.resolve(.accent, accent, context: context.styleContext())
        else { return nil }
        let base = value.base.composited(over: context.canvas)
        return AuditMeasurement(
            subject: .accent(accent), role: .text, foreground: key(.accent, accent, member: "onAccent"),
            foregroundColor: value.onAccent, background: key(.accent, accent, member: "base"),
            backgroundLayers: [accent + ".base"], backgrounds: [base], font: nil,
            requirement: requirement(.text, font: nil), apca: options.apca)
    }
}

/// Finds where keys are defined: the top layer's definition, in its theme's root. For an imported token whose
/// value comes from a modifier's context (a dark-mode file), the place that value is written in that context.
public final class KeyLocator: @unchecked Sendable {
    let session: StyleSession
    /// Theme name → root directory; a layer whose theme is not listed is the built-in preset.
    let roots: [String: String]
    /// Whether it finds places at all (a language server looks them up when it shows them).
    let places: Bool
    /// Imported keys' places per context, found with `explain` (one audit runs on one thread).
    private var found: [String: KeyLocation?] = [:]

    /// `places`: false for a locator that finds none, whose measurements then compare equal wherever the keys'
    /// definitions move.
    public init(session: StyleSession, roots: [String: String], places: Bool = true) {
        self.session = session
        self.roots = roots
        self.places = places
    }

    public func location(_ attribute: Attribute, _ key: String, in context: StyleContext? = nil) -> KeyLocation? {
        guard places else { return nil }
        let snapshot = session.snapshot
        guard let (layer, entry) = snapshot.topEntry(attribute, key) else { return nil }
        if let context, snapshot.token(attribute, key) != nil {
            let memo =
                "\(attribute.rawValue) \(key) \(context.colorScheme) \(context.contrast) \(context.dynamicType) \(context.vars)"
            if let known = found[memo] { return known }
            var located = place(layer: layer, entry.location)
            if let step = try? session.explain(attribute, key, context: context).steps.first,
                let source = snapshot.layers.last(where: { $0.name == step.layer })?.tokens
                    .source(of: .key(attribute, key), caseIndex: step.caseIndex)
            {
                located = place(layer: step.layer, source.location)
            }
            found[memo] = located
            return located
        }
        return place(layer: layer, entry.location)
    }

    func place(layer: String, _ location: SourceLocation) -> KeyLocation {
        guard let root = roots[layer] else {
            return KeyLocation(file: location.file, line: location.line, column: location.column, builtin: true)
        }
        return KeyLocation(
            file: root + "/" + location.file, line: location.line, column: location.column, builtin: false)
    }
}
