import SnapStyleEngine

extension ThemeAuditor {
    /// The pairs named by keys rather than by the model: the theme's declared pairs, and for imported design
    /// tokens the naming conventions.
    func namedMeasurements(in context: AuditContext, named: [NamedPair]) -> (
        pairs: [AuditMeasurement], unmeasured: Int
    ) {
        let prepared = try? session.prepare(context.styleContext())
        var pairs: [AuditMeasurement] = []
        var unmeasured = 0
        for pair in named {
            switch namedMeasurement(pair, in: context, prepared: prepared) {
            case .measured(let measurement): pairs.append(measurement)
            case .unmeasured: unmeasured += 1
            case .unresolved: break
            }
        }
        return (pairs, unmeasured)
    }

    /// What measuring a named pair gave.
    enum NamedOutcome {
        case measured(AuditMeasurement)
        /// The background is no plain color or gradient.
        case unmeasured
        /// A key resolves to no color.
        case unresolved
    }

    /// One named pair in one context (`prepared`: the context, prepared once for every pair).
    func namedMeasurement(_ pair: NamedPair, in context: AuditContext, prepared: PreparedContext?) -> NamedOutcome {
        guard let prepared,
            case .surface(.color(let color))? = try? session.resolve(.surface, pair.foreground, in: prepared),
            case .surface(let surface)? = try? session.resolve(.surface, pair.background, in: prepared)
        else { return .unresolved }
        guard let colors = Backdrop.colors(of: surface) else { return .unmeasured }
        let disabled = NamingConvention.isDisabled(pair.foreground)
        let role: PairRole = pair.use == .ui ? .icon : .text
        let font = pair.use == .large ? FontFacts(size: 18, weight: 400) : nil
        return .measured(
            AuditMeasurement(
                subject: pair.subject, role: role, foreground: key(.surface, pair.foreground, in: context),
                foregroundColor: color,
                background: key(.surface, pair.background, in: context), backgroundLayers: [pair.background],
                backgrounds: colors.map { $0.composited(over: context.canvas) }, font: font,
                requirement: requirement(role, font: font, disabled: disabled), apca: options.apca))
    }

    /// A pair named by keys, and what it is.
    struct NamedPair: Sendable, Hashable {
        var subject: AuditSubject
        var foreground: String
        var background: String
        var use: DeclaredPair.Use
    }

    /// The declared pairs expanded over the theme's surface keys, then the naming conventions' pairs among its
    /// imported color tokens (not among native keys).
    func namedPairs() -> [NamedPair] {
        let snapshot = session.snapshot
        let keys = snapshot.keys(.surface)
        return namedPairs(among: keys, imported: keys.filter { snapshot.token(.surface, $0) != nil })
    }

    /// The named pairs among the theme's surface keys (sorted) and those of them that are imported tokens.
    func namedPairs(among keys: [String], imported: [String]) -> [NamedPair] {
        var pairs: [NamedPair] = []
        for (index, pair) in declared.enumerated() {
            for (foreground, background) in pair.expand(among: keys) {
                pairs.append(
                    NamedPair(subject: .declared(index), foreground: foreground, background: background, use: pair.use))
            }
        }
        for pair in NamingConvention.pairs(among: imported) {
            pairs.append(
                NamedPair(
                    subject: .convention(pair.rule), foreground: pair.foreground, background: pair.background,
                    use: .normal))
        }
        return pairs
    }
}
