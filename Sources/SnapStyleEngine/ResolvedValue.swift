import SnapStyleJSON

/// A resolved surface: a color, a material, or a gradient of colors.
public enum ResolvedSurface: Hashable, Sendable {
    case color(RGBA)
    case material(Material)
    indirect case linearGradient(colors: [RGBA], start: GradientPoint, end: GradientPoint, locations: [Double]? = nil)
    indirect case meshGradient(width: Int, height: Int, points: [[Double]], colors: [RGBA])

    func adjusted(_ transform: (RGBA) -> RGBA) -> ResolvedSurface {
        switch self {
        case .color(let c): .color(transform(c))
        case .material: self
        case .linearGradient(let colors, let start, let end, let locations):
            .linearGradient(colors: colors.map(transform), start: start, end: end, locations: locations)
        case .meshGradient(let w, let h, let points, let colors):
            .meshGradient(width: w, height: h, points: points, colors: colors.map(transform))
        }
    }
}

/// A resolved number: its unscaled base and the scaled value.
public struct ResolvedNumber: Hashable, Sendable {
    public var base: Double
    public var value: Double
    /// For an imported dimension: the value and unit as written.
    public var dimension: Dimension? = nil
}

/// A font for a context: the scaled size, the size before scaling, and its traits.
public struct ResolvedFont: Hashable, Sendable {
    public var size: Double
    public var baseSize: Double
    public var weight: FontWeight
    public var width: FontWidth
    public var design: FontDesign
    public var textStyle: TextStyle
    public var details = FontDetails()
}

/// A value of the `token` attribute: its DTCG type and its value with every alias inside resolved.
public struct ResolvedToken: Hashable, Sendable {
    public var type: String
    public var value: JSONValue
}

/// A padding edge: a number and the key it came from.
public struct ResolvedEdge: Hashable, Sendable {
    public var number: ResolvedNumber
    public var key: String?
}

/// A padding for a context, in points per edge.
public struct ResolvedPadding: Hashable, Sendable {
    public var leading: ResolvedEdge?
    public var top: ResolvedEdge?
    public var trailing: ResolvedEdge?
    public var bottom: ResolvedEdge?
}

/// A shape for a context.
public enum ResolvedShape: Hashable, Sendable {
    case named(ShapeName)
    indirect case roundedRectangle(radius: ResolvedNumber, key: String?)
}

/// A composition layer: the surface key and what it resolved to.
public struct ResolvedLayer: Hashable, Sendable {
    public var key: String
    public var value: ResolvedSurface?
}

/// A composition for a context: each layer's surface key and value.
public struct ResolvedComposition: Hashable, Sendable {
    public var foreground: ResolvedLayer?
    public var background: ResolvedLayer?
    public var backgroundOverlay: ResolvedLayer?
    public var border: ResolvedLayer?
}

/// An accent for a context: its four colours and brightness.
public struct ResolvedAccent: Hashable, Sendable {
    public var base: RGBA
    public var onAccent: RGBA
    public var complementary: RGBA
    public var contrast: RGBA
    public var brightness: Brightness

    /// The colour of one variant.
    public func color(_ variant: AccentVariant) -> RGBA {
        switch variant {
        case .base: base
        case .onAccent: onAccent
        case .complementary: complementary
        case .contrast: contrast
        }
    }
}

/// The value a key resolves to, per attribute.
public enum ResolvedValue: Hashable, Sendable {
    indirect case surface(ResolvedSurface)
    case number(ResolvedNumber)
    /// Boxed, like the other large payloads: a cached font is copied out on every hit, and a box is one retain.
    indirect case font(ResolvedFont)
    indirect case padding(ResolvedPadding)
    case shape(ResolvedShape)
    case icon(String)
    indirect case composition(ResolvedComposition)
    indirect case accent(ResolvedAccent)
    indirect case token(ResolvedToken)
}

extension RGBA {
    /// `{"kind": "color", "hex", "rgba"}`, components rounded to 4 decimals.
    public var json: JSONValue {
        func round4(_ v: Double) -> JSONValue { .number((min(max(v, 0), 1) * 10_000).rounded() / 10_000) }
        return .object([
            "kind": "color", "hex": .string(hex), "rgba": .array([round4(r), round4(g), round4(b), round4(a)]),
        ])
    }
}

extension ResolvedNumber {
    public var json: JSONValue {
        guard let dimension else { return .object(["value": .number(value), "base": .number(base)]) }
        return .object([
            "value": .number(value), "base": .number(base),
            "dimension": .object(["value": .number(dimension.value), "unit": .string(dimension.unit)]),
        ])
    }
}

extension ResolvedSurface {
    public var json: JSONValue {
        switch self {
        case .color(let c): return c.json
        case .material(let m): return .object(["kind": "material", "material": .string(m.rawValue)])
        case .linearGradient(let colors, let start, let end, let locations):
            var object: JSONObject = [
                "kind": "gradient", "gradient": "linear", "startPoint": start.json, "endPoint": end.json,
                "colors": .array(colors.map(\.json)),
            ]
            if let locations { object["locations"] = .array(locations.map(JSONValue.number)) }
            return .object(object)
        case .meshGradient(let w, let h, let points, let colors):
            return .object([
                "kind": "gradient", "gradient": "mesh", "width": .integer(Int64(w)), "height": .integer(Int64(h)),
                "points": .array(points.map { .array($0.map(JSONValue.number)) }),
                "colors": .array(colors.map(\.json)),
            ])
        }
    }
}

extension ResolvedValue {
    /// The value as clients receive it (docs/theme-format.md).
    public var json: JSONValue {
        switch self {
        case .surface(let s): return s.json
        case .number(let n): return n.json
        case .font(let f):
            var object: JSONObject = [
                "size": .number(f.size), "baseSize": .number(f.baseSize), "weight": .string(f.weight.rawValue),
                "width": .string(f.width.rawValue), "design": .string(f.design.rawValue),
                "textStyle": .string(f.textStyle.rawValue),
            ]
            f.details.add(to: &object)
            return .object(object)
        case .padding(let p):
            func edge(_ e: ResolvedEdge?) -> JSONValue {
                guard let e else { return .null }
                return .object([
                    "value": .number(e.number.value), "base": .number(e.number.base),
                    "key": e.key.map(JSONValue.string) ?? .null,
                ])
            }
            return .object([
                "leading": edge(p.leading), "top": edge(p.top), "trailing": edge(p.trailing), "bottom": edge(p.bottom),
            ])
        case .shape(.named(let name)): return .object(["shape": .string(name.rawValue)])
        case .shape(.roundedRectangle(let radius, let key)):
            return .object([
                "shape": "roundedRectangle", "cornerRadius": .number(radius.value),
                "radiusKey": key.map(JSONValue.string) ?? .null,
            ])
        case .icon(let name): return .object(["name": .string(name)])
        case .composition(let c):
            func layer(_ l: ResolvedLayer?) -> JSONValue {
                guard let l else { return .null }
                return .object(["key": .string(l.key), "value": l.value?.json ?? .null])
            }
            return .object([
                "foreground": layer(c.foreground), "background": layer(c.background),
                "backgroundOverlay": layer(c.backgroundOverlay), "border": layer(c.border),
            ])
        case .accent(let a):
            return .object([
                "base": a.base.json, "onAccent": a.onAccent.json, "complementary": a.complementary.json,
                "contrast": a.contrast.json, "brightness": .string(a.brightness.rawValue),
            ])
        case .token(let t): return .object(["type": .string(t.type), "value": t.value])
        }
    }
}

extension FontDetails {
    /// Adds the details that are set: `family` (the first of `families`), `families`, `weightValue`,
    /// `lineHeight`, `letterSpacing` (and `letterSpacingEm` when written in `em`), `fontStyle`, `textCase`,
    /// `textDecoration`, `paragraphSpacing`.
    func add(to object: inout JSONObject) {
        if let families, let first = families.first {
            object["family"] = .string(first)
            object["families"] = .array(families.map(JSONValue.string))
        }
        if let weightValue { object["weightValue"] = .number(weightValue) }
        if let lineHeight { object["lineHeight"] = .number(lineHeight) }
        if let letterSpacing { object["letterSpacing"] = .number(letterSpacing) }
        if let letterSpacingEm { object["letterSpacingEm"] = .number(letterSpacingEm) }
        if let style { object["fontStyle"] = .string(style) }
        if let textCase { object["textCase"] = .string(textCase) }
        if let textDecoration { object["textDecoration"] = .string(textDecoration) }
        if let paragraphSpacing { object["paragraphSpacing"] = .number(paragraphSpacing) }
    }
}
