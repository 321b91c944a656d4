/// Tokens Studio's color modifier (`$extensions."studio.tokens".modify`), computed as Tokens Studio's own Style
/// Dictionary transforms compute it: `lighten` and `darken` move HSL's or LCH's lightness by the amount toward 100
/// or 0 (LCH also takes the amount off the chroma), or each channel of sRGB or Display P3 toward 1 or 0; `mix`
/// interpolates toward `color` in the space (hue the shorter way round); `alpha` sets the alpha. The result is the
/// color of the text Tokens Studio writes for it, in the space's notation or in `format`.
public struct StudioModifier: Hashable, Sendable {
    public enum Kind: String, ClosedSet { case lighten, darken, mix, alpha }
    public enum Space: String, ClosedSet { case srgb, hsl, lch, p3 }

    public var kind: Kind
    public var space: Space
    /// The amount: a number, a reference to a number, or arithmetic over both.
    public var amount: CalcExpression
    /// The color `mix` mixes with.
    public var color: ColorSpec?
    public var format: StudioColorFormat?

    public init(kind: Kind, space: Space, amount: CalcExpression, color: ColorSpec?, format: StudioColorFormat?) {
        self.kind = kind
        self.space = space
        self.amount = amount
        self.color = color
        self.format = format
    }

    /// The amount as Tokens Studio reads it: arithmetic is rounded to 4 decimals, a number is taken as written.
    public func amount(evaluated value: Double) -> Double {
        switch amount {
        case .number, .key: value
        default: (value * 10_000).rounded() / 10_000
        }
    }

    /// The amount when it reads no key.
    public var constantAmount: Double? {
        guard amount.keys.isEmpty else { return nil }
        return amount.constantValue.map(amount(evaluated:))
    }

    /// The text Tokens Studio writes for `base` modified by `amount` (mixed with `other`), and its sRGB color (gamut
    /// mapped as colorjs maps a color it writes as hex).
    public func apply(to base: RGBA, amount: Double, mixing other: RGBA?) -> (text: String, rgba: RGBA) {
        let written = modified(base, amount: amount, mixing: other).written(hex: format == .hex)
        var srgb = written.color.to(.srgb)
        if !srgb.isInGamut(of: .srgb) { srgb = srgb.mappedToGamut() }
        let c = srgb.coords
        return (written.text, RGBA(r: c.x, g: c.y, b: c.z, a: srgb.alpha).clamped())
    }

    /// The modified color, in the space it is written in.
    func modified(_ base: RGBA, amount t: Double, mixing other: RGBA?) -> StudioColor {
        var color = StudioColor(base)
        switch kind {
        case .lighten, .darken:
            color = lightened(color, by: kind == .lighten ? t : -t)
        case .mix:
            color = Self.mix(color, StudioColor(other ?? base), min(max(t, 0), 1), in: space.studio)
        case .alpha:
            color.alpha = min(max(t, 0), 1)
        }
        color = color.to(space.studio)
        if let format { color = color.to(format.studio) }
        return color
    }

    /// `lighten` for a positive amount, `darken` for a negative one.
    func lightened(_ color: StudioColor, by t: Double) -> StudioColor {
        let up = t >= 0, t = Swift.abs(t)
        func toward(_ value: Double, top: Double) -> Double {
            up ? min(top, value + (top - value) * t) : max(0, value - value * t)
        }
        switch space {
        case .hsl:
            var hsl = color.to(.hsl)
            hsl.coords.z = toward(hsl.coords.z, top: 100)
            return hsl.to(.srgb)
        case .lch:
            let lch = color.to(.lch)
            let lightness = toward(lch.coords.x, top: 100)
            let chroma = max(0, lch.coords.y - t * lch.coords.y)
            var step = lch
            step.coords.x = lightness
            step = step.to(.srgb).to(.lch)
            step.coords.y = chroma
            return step.to(.srgb)
        case .p3, .srgb:
            var rgb = color.to(space.studio)
            for i in 0..<3 { rgb.coords[i] = toward(rgb.coords[i], top: 1) }
            return rgb
        }
    }

    /// colorjs's `mix`: both colors in the space and in its gamut, hues fixed up the shorter way, each component
    /// (and alpha) interpolated, a missing one taking the other's; the result rounded as colorjs writes it.
    static func mix(_ a: StudioColor, _ b: StudioColor, _ t: Double, in space: StudioColor.Space) -> StudioColor {
        var x = a.to(space).mappedToGamut(), y = b.to(space).mappedToGamut()
        let hue: Int? =
            switch space {
            case .hsl: 0
            case .lch, .oklch: 2
            default: nil
            }
        if let hue {
            var h1 = x.coords[hue], h2 = y.coords[hue]
            if h1.isNaN && !h2.isNaN { h1 = h2 } else if h2.isNaN && !h1.isNaN { h2 = h1 }
            func constrain(_ angle: Double) -> Double {
                (angle.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            }
            h1 = constrain(h1)
            h2 = constrain(h2)
            if h2 - h1 > 180 { h1 += 360 } else if h2 - h1 < -180 { h2 += 360 }
            x.coords[hue] = h1
            y.coords[hue] = h2
        }
        func interpolate(_ start: Double, _ end: Double) -> Double {
            start.isNaN ? end : end.isNaN ? start : start + (end - start) * t
        }
        var result = StudioColor(space, .zero, alpha: interpolate(x.alpha, y.alpha))
        for i in 0..<3 { result.coords[i] = interpolate(x.coords[i], y.coords[i]) }
        return result.written().color
    }
}

extension StudioModifier.Space {
    var studio: StudioColor.Space {
        switch self {
        case .srgb: .srgb
        case .hsl: .hsl
        case .lch: .lch
        case .p3: .p3
        }
    }
}

extension StudioColorFormat {
    var studio: StudioColor.Space {
        switch self {
        case .hex, .srgb: .srgb
        case .hsl: .hsl
        case .lch: .lch
        case .p3: .p3
        }
    }
}
