import SnapStyleEngine
import SnapStyleProtocol

extension ResolvedValue {
    /// The value as a client reads `json` back (`StyleValue(json:attribute:)`), made without the JSON: the same
    /// members, colors rounded as `json` writes them.
    public var styleValue: StyleValue {
        switch self {
        case .surface(let surface): return surface.styleValue
        case .number(let number): return .number(number.styleValue)
        case .font(let f):
            let details = f.details
            let families = details.families.flatMap { $0.isEmpty ? nil : $0 }
            return .font(
                StyleValue.Font(
                    size: f.size, baseSize: f.baseSize, weight: f.weight.rawValue, width: f.width.rawValue,
                    design: f.design.rawValue, textStyle: f.textStyle.rawValue, family: families?.first,
                    families: families, weightValue: details.weightValue, lineHeight: details.lineHeight,
                    letterSpacing: details.letterSpacing, letterSpacingEm: details.letterSpacingEm,
                    style: details.style, textCase: details.textCase, textDecoration: details.textDecoration,
                    paragraphSpacing: details.paragraphSpacing))
        case .padding(let p):
            return .padding(
                [p.leading, p.top, p.trailing, p.bottom].map { edge in
                    edge.map { StyleValue.Keyed(key: $0.key, number: $0.number.value, base: $0.number.base) }
                })
        case .shape(.named(let name)): return .shape(name: name.rawValue, cornerRadius: nil, radiusKey: nil)
        case .shape(.roundedRectangle(let radius, let key)):
            return .shape(name: "roundedRectangle", cornerRadius: radius.value, radiusKey: key)
        case .icon(let name): return .icon(name)
        case .composition(let c):
            return .composition(
                [c.foreground, c.background, c.backgroundOverlay, c.border].map { layer in
                    layer.map { StyleValue.Keyed(key: $0.key, value: $0.value?.styleValue) }
                })
        case .accent(let a):
            return .accent(
                colors: [a.base.styleColor, a.onAccent.styleColor, a.complementary.styleColor, a.contrast.styleColor],
                brightness: a.brightness.rawValue)
        case .token(let t): return .token(type: t.type, value: t.value)
        }
    }
}

extension ResolvedSurface {
    var styleValue: StyleValue {
        switch self {
        case .color(let color): return .color(color.styleColor)
        case .material(let material): return .material(material.rawValue)
        case .linearGradient(let colors, let start, let end, let locations):
            return .gradient(
                StyleValue.Gradient(
                    kind: "linear", colors: colors.map(\.styleColor), startPoint: start.stylePoint,
                    endPoint: end.stylePoint, locations: locations))
        case .meshGradient(let width, let height, let points, let colors):
            return .gradient(
                StyleValue.Gradient(
                    kind: "mesh", colors: colors.map(\.styleColor), width: Int64(width), height: Int64(height),
                    points: points))
        }
    }
}

extension ResolvedNumber {
    var styleValue: StyleValue.Number {
        StyleValue.Number(
            value: value, base: base,
            dimension: dimension.map { StyleValue.Dimension(value: $0.value, unit: $0.unit) })
    }
}

extension GradientPoint {
    var stylePoint: StyleValue.Gradient.Point {
        switch self {
        case .named(let name): .named(name)
        case .point(let x, let y): .point(x, y)
        }
    }
}

extension RGBA {
    /// As `json` writes it: components clamped to 0...1 and rounded to 4 decimals.
    var styleColor: StyleValue.Color {
        func round4(_ v: Double) -> Double { (min(max(v, 0), 1) * 10_000).rounded() / 10_000 }
        return StyleValue.Color(hex: hex, rgba: [round4(r), round4(g), round4(b), round4(a)])
    }
}
