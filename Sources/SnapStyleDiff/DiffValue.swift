import SnapStyleClient
import SnapStyleEngine
import SnapStyleReview

/// Resolved values as the reports show them.
enum DiffValue {
    /// One line, as the CLI prints values (`#102030FF`, `17pt semibold ...`); `no value` for none.
    static func text(_ value: ResolvedValue?, _ attribute: Attribute) -> String {
        guard let value else { return "no value" }
        return ValueText.value(value.json, attribute: attribute)
    }

    /// The colors a value shows: a color, a gradient's stops, an accent's base and onAccent, a composition's
    /// foreground and background.
    static func colors(_ value: ResolvedValue?) -> [RGBA] {
        switch value {
        case .surface(let surface)?: return colors(surface)
        case .accent(let accent)?: return [accent.base, accent.onAccent]
        case .composition(let composition)?:
            return [composition.foreground, composition.background].flatMap { colors($0?.value) }
        default: return []
        }
    }

    static func colors(_ surface: ResolvedSurface?) -> [RGBA] {
        switch surface {
        case .color(let color)?: return [color]
        case .linearGradient(let colors, _, _, _)?: return colors
        case .meshGradient(_, _, _, let colors)?: return colors
        default: return []
        }
    }

    /// `#rrggbb` of a color (its alpha dropped), for a swatch.
    static func opaqueHex(_ color: RGBA) -> String { "#" + color.hex.dropFirst().prefix(6).lowercased() }

    /// The font of a value, for the HTML page: CSS `font` shorthand.
    static func cssFont(_ value: ResolvedValue?) -> String? {
        guard case .font(let font)? = value else { return nil }
        let family = font.details.families?.first.map { "'\($0)', " } ?? ""
        let weight = font.details.weightValue.map { String(Int($0)) } ?? String(Int(font.weight.value))
        return "\(weight) \(ValueText.number(.number(font.size)))px \(family)system-ui, sans-serif"
    }

    /// `light, dark high contrast (xxxLarge)`; `every context` when `contexts` are all of `compared`.
    /// When modifiers multiply the contexts and `contexts` are every combination of some modifier contexts with some
    /// built-in ones, the built-in ones named and then only the modifiers not free: `dark, dark high contrast;
    /// Theme=portal` instead of each of the combinations.
    static func contexts(_ contexts: [AuditContext], of compared: [AuditContext]) -> String {
        if Set(contexts) == Set(compared) { return "every context" }
        if let product = product(contexts, of: compared) { return product }
        return names(contexts, of: compared).joined(separator: ", ")
    }

    static func product(_ contexts: [AuditContext], of compared: [AuditContext]) -> String? {
        let modifiers = compared.first?.variables.map(\.name) ?? []
        guard !modifiers.isEmpty else { return nil }
        func builtIn(_ context: AuditContext) -> AuditContext {
            var context = context
            context.variables = []
            return context
        }
        func unique(_ contexts: [AuditContext]) -> [AuditContext] {
            var seen = Set<AuditContext>()
            return contexts.filter { seen.insert($0).inserted }
        }
        let bases = unique(contexts.map(builtIn))
        var combinations = bases.count
        var constrained: [String] = []
        for name in modifiers {
            func values(_ contexts: [AuditContext]) -> [String] {
                var seen = Set<String>()
                return contexts.compactMap { $0.variables.first { $0.name == name }?.value }
                    .filter { seen.insert($0).inserted }
            }
            let here = values(contexts)
            combinations *= here.count
            if Set(here) != Set(values(compared)) { constrained.append("\(name)=" + here.joined(separator: "/")) }
        }
        guard combinations == Set(contexts).count else { return nil }
        let named = Self.contexts(bases, of: unique(compared.map(builtIn)))
        let parts = [
            named == "every context" ? nil : named, constrained.isEmpty ? nil : constrained.joined(separator: ", "),
        ]
        return parts.compactMap { $0 }.joined(separator: "; ")
    }

    /// Each group of contexts named, without the Dynamic Type size when only the default size was compared.
    static func names(_ contexts: [AuditContext], of compared: [AuditContext]) -> [String] {
        compared.allSatisfy { $0.dynamicType == .large } ? contexts.map(\.name) : AuditContext.names(contexts)
    }

    /// `surface 'accent.base'`.
    static func node(_ node: NodeRef) -> String { node.description }

    /// `title.primary/secondary` or `title` when every hierarchy changed.
    static func element(_ impact: ElementImpact) -> String {
        impact.type.rawValue
            + (impact.hierarchies.count == Hierarchy.allCases.count
                ? "" : "." + impact.hierarchies.map(\.rawValue).joined(separator: "/"))
    }

    static func ratio(_ value: Double) -> String { number(value) + ":1" }

    /// A number as the CLI prints it: no fraction when integral, else three decimals at most.
    static func number(_ value: Double) -> String { ValueText.number(.number(value)) }
}
