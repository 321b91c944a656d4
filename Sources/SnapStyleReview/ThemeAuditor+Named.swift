import SnapStyleEngine

extension ThemeAuditor {
    /// The pairs named by keys rather than by the model: the theme's declared pairs, and for imported design
    /// tokens the naming conventions.
    func namedMeasurements(in context: AuditContext, named: [NamedPair]) -> (
        pairs: [AuditMeasurement], unmeasured: Int
    ) {
        var pairs: [AuditMeasurement] = []
        var unmeasured = 0
        let prepared = try? session.prepare(context.styleContext())
        func measure(_ subject: AuditSubject, _ foreground: String, _ background: String, use: DeclaredPair.Use) {
            guard let prepared,
                case .surface(.color(let color))? = try? session.resolve(.surface, foreground, in: prepared),
                case .surface(let surface)? = try? session.resolve(.surface, background, in: prepared)
            else { return }
            guard let colors = Backdrop.colors(of: surface) else {
                unmeasured += 1
                return
            }
            let disabled = NamingConvention.isDisabled(foreground)
            let role: PairRole = use == .ui ? .icon : .text
            let font = use == .large ? FontFacts(size: 18, weight: 400) : nil
            pairs.append(
                AuditMeasurement(
                    subject: subject, role: role, foreground: key(.surface, foreground, in: context),
                    foregroundColor: color,
                    background: key(.surface, background, in: context), backgroundLayers: [background],
                    backgrounds: colors.map { $0.composited(over: context.canvas) }, font: font,
                    requirement: requirement(role, font: font, disabled: disabled), apca: options.apca))
        }
        for pair in named { measure(pair.subject, pair.foreground, pair.background, use: pair.use) }
        return (pairs, unmeasured)
    }

    /// A pair named by keys, and what it is.
    struct NamedPair: Sendable {
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
        var pairs: [NamedPair] = []
        for (index, pair) in declared.enumerated() {
            for (foreground, background) in pair.expand(among: keys) {
                pairs.append(
                    NamedPair(subject: .declared(index), foreground: foreground, background: background, use: pair.use))
            }
        }
        let imported = keys.filter { snapshot.token(.surface, $0) != nil }
        for pair in NamingConvention.pairs(among: imported) {
            pairs.append(
                NamedPair(
                    subject: .convention(pair.rule), foreground: pair.foreground, background: pair.background,
                    use: .normal))
        }
        return pairs
    }
}
