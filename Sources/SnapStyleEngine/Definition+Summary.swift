/// Definitions as a person reads them in `explain`: `ref cornerRadiusComponent`, `calc "{spacing} * 2"`,
/// `when colorScheme = dark → #000000FF; else ref base`.
extension Definition {
    public var summary: String {
        switch self {
        case .null: return "null"
        case .value(let literal): return literal.summary
        case .ref(let key, let adjustments):
            guard !adjustments.isEmpty else { return "ref \(key)" }
            return "ref \(key) adjusted by " + adjustments.map(\.summary).joined(separator: ", ")
        case .when(let cases, let otherwise):
            var parts = cases.map { "when \($0.predicate.summary) → \($0.then.summary)" }
            if let otherwise { parts.append("else \(otherwise.summary)") }
            return parts.joined(separator: "; ")
        }
    }
}

extension Predicate {
    var summary: String {
        tests.isEmpty ? "always" : tests.map { "\($0.member.name) \($0.matcher.summary)" }.joined(separator: " and ")
    }
}

extension PredicateMember {
    /// The name a theme file uses for the member.
    var name: String {
        switch self {
        case .colorScheme: "colorScheme"
        case .contrast: "contrast"
        case .platform: "platform"
        case .dynamicType: "dynamicType"
        case .scaleFactor: "scaleFactor"
        case .fontDesign: "fontDesign"
        case .fontWidth: "fontWidth"
        case .elevation: "elevation"
        case .accent: "accent"
        case .accentBrightness: "accent.brightness"
        case .component: "component"
        case .componentHierarchy: "component.hierarchy"
        case .container: "container"
        case .containerParent: "container.parent"
        case .containerState: "container.state"
        case .containerLevel: "container.level"
        case .containerLevelOverall: "container.levelOverall"
        case .elementType: "element.type"
        case .elementHierarchy: "element.hierarchy"
        case .variable(let name): "vars.\(name)"
        case .modifier(let selector): "modifier \(selector.name)"
        }
    }
}

extension Matcher {
    var summary: String {
        switch self {
        case .equals(let value): "= \(value)"
        case .oneOf(let values): "in [\(values.map(\.description).joined(separator: ", "))]"
        case .range(let min, let max):
            "in \(min.map(Scalar.number)?.description ?? "")...\(max.map(Scalar.number)?.description ?? "")"
        case .not(let inner): "not \(inner.summary)"
        }
    }
}

extension Adjustment {
    var summary: String {
        switch self {
        case .opacity(let factor): "opacity \(Scalar.number(factor))"
        case .alpha(let value): "alpha \(Scalar.number(value))"
        case .mix(let with, let amount, let space):
            "mix with \(with.summary) by \(Scalar.number(amount)) (\(space.rawValue))"
        case .studio(let modifier):
            "Tokens Studio \(modifier.kind.rawValue)" + (modifier.color.map { " with \($0.summary)" } ?? "")
                + " by \(modifier.amount.summary) (\(modifier.space.rawValue))"
        }
    }
}

extension ColorSpec {
    var summary: String {
        switch self {
        case .rgba(let rgba): rgba.hex
        case .ref(let key): "ref \(key)"
        case .accent(let variant, let key): "accent \(variant.rawValue)" + (key.map { " of \($0)" } ?? "")
        case .modified(let rgba, let modifier): "\(rgba.hex) adjusted by \(Adjustment.studio(modifier).summary)"
        }
    }
}

extension NumberSpec {
    var summary: String {
        switch self {
        case .none: "none"
        case .constant(let n): Scalar.number(n).description
        case .key(let key): key
        }
    }
}

extension Literal {
    var summary: String {
        switch self {
        case .surface(.color(let color)): return color.summary
        case .surface(.material(let material)): return "material \(material.rawValue)"
        case .surface(.linearGradient(let colors, _, _, _)):
            return "linear gradient of " + colors.map(\.summary).joined(separator: ", ")
        case .surface(.meshGradient(let width, let height, _, _)): return "mesh gradient \(width)×\(height)"
        case .number(.constant(let n)): return Scalar.number(n).description
        case .number(.dimension(let d)): return "\(Scalar.number(d.value))\(d.unit)"
        case .number(.calc(let expression, let scaled)):
            return "calc \"\(expression.text)\"" + (scaled ? "" : " (not scaled)")
        case .font(let font):
            var parts = ["\(Scalar.number(font.size))pt", font.weight.rawValue, font.textStyle.rawValue]
            if let design = font.design { parts.append(design.rawValue) }
            if let width = font.width { parts.append(width.rawValue) }
            return "font " + parts.joined(separator: " ")
        case .padding(let p):
            let edges = [("leading", p.leading), ("top", p.top), ("trailing", p.trailing), ("bottom", p.bottom)]
            return "padding " + edges.map { "\($0.0) \($0.1.summary)" }.joined(separator: ", ")
        case .shape(.named(let name)): return name.rawValue
        case .shape(.roundedRectangle(let radius)): return "roundedRectangle \(radius.summary)"
        case .icon(let name): return "icon \(name)"
        case .composition(let c):
            let layers = [
                ("foreground", c.foreground), ("background", c.background),
                ("backgroundOverlay", c.backgroundOverlay), ("border", c.border), ("any", c.any),
            ]
            return "composition "
                + layers.compactMap { name, key in key.map { "\(name) \($0)" } }
                .joined(separator: ", ")
        case .accent(let a):
            return "accent base \(a.base.summary), onAccent \(a.onAccent.summary), complementary "
                + "\(a.complementary.summary), contrast \(a.contrast.summary), \(a.brightness.rawValue)"
        case .imported(let imported):
            let aliases = imported.value.aliases.map(\.key)
            return "\(imported.type) token"
                + (aliases.isEmpty ? "" : " with " + aliases.map { "{\($0)}" }.joined(separator: ", "))
        }
    }
}

extension CalcExpression {
    /// The expression as text (parenthesised where precedence needs it).
    public var text: String { text(parentPrecedence: 0) }

    private func text(parentPrecedence: Int) -> String {
        switch self {
        case .number(let n): return Scalar.number(n).description
        case .key(let key): return "{\(key)}"
        case .variable(.scaleFactor): return "$scaleFactor"
        case .variable(.elevation): return "$elevation"
        case .variable(.containerLevel): return "$container.level"
        case .variable(.containerLevelOverall): return "$container.levelOverall"
        case .variable(.vars(let name)): return "$vars.\(name)"
        case .negate(let inner): return "-" + inner.text(parentPrecedence: 3)
        case .binary(let op, let a, let b):
            let precedence = op == .add || op == .subtract ? 1 : 2
            let body =
                "\(a.text(parentPrecedence: precedence)) \(op.rawValue) \(b.text(parentPrecedence: precedence + 1))"
            return precedence < parentPrecedence ? "(\(body))" : body
        case .call(let function, let arguments):
            return "\(function.rawValue)(" + arguments.map { $0.text(parentPrecedence: 0) }.joined(separator: ", ")
                + ")"
        }
    }
}

extension CalcExpression {
    var summary: String {
        if case .number(let n) = self { return "\(Scalar.number(n))" }
        if case .key(let key) = self { return "ref \(key)" }
        return "an expression over " + (keys.isEmpty ? "numbers" : keys.joined(separator: ", "))
    }
}
