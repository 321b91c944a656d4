import RealModule

/// A color in one of the spaces Tokens Studio's color modifiers compute in, converted as colorjs 0.5 (the library
/// Tokens Studio's transforms use) converts: the same matrices, white points and polar conversions, so that a
/// modified color comes out as Tokens Studio writes it. A `none` component is NaN (an achromatic color's hue).
struct StudioColor {
    enum Space: Equatable {
        case srgb, hsl, lch, p3, oklch
    }

    var space: Space
    var coords: SIMD3<Double>
    var alpha: Double

    init(_ space: Space, _ coords: SIMD3<Double>, alpha: Double = 1) {
        self.space = space
        self.coords = coords
        self.alpha = alpha
    }

    init(_ rgba: RGBA) {
        self.init(.srgb, SIMD3(rgba.r, rgba.g, rgba.b), alpha: rgba.a)
    }

    /// The color in another space (unclipped); a `none` component counts as 0, as colorjs converts.
    func to(_ target: Space) -> StudioColor {
        guard target != space else { return self }
        var c = coords
        for i in 0..<3 where c[i].isNaN { c[i] = 0 }
        let result: SIMD3<Double>
        if space == .hsl && target == .srgb {
            result = Self.hslToSRGB(c)
        } else if space == .srgb && target == .hsl {
            result = Self.srgbToHSL(c)
        } else {
            result = Self.fromXYZ65(target, Self.toXYZ65(space, c))
        }
        return StudioColor(target, result, alpha: alpha)
    }

    /// The sRGB color, gamma-encoded, unclipped.
    var rgba: RGBA {
        let c = to(.srgb).coords
        return RGBA(r: c.x, g: c.y, b: c.z, a: alpha)
    }

    // MARK: Conversions (colorjs's spaces: sRGB, HSL on sRGB, P3, LCH on Lab D50, OKLCh on OKLab)

    static func toXYZ65(_ space: Space, _ c: SIMD3<Double>) -> SIMD3<Double> {
        switch space {
        case .srgb: return multiply(srgbToXYZ, c.decoded)
        case .hsl: return multiply(srgbToXYZ, hslToSRGB(c).decoded)
        case .p3: return multiply(p3ToXYZ, c.decoded)
        case .lch:
            let hue = c.z.isNaN ? 0 : c.z
            let chroma = max(c.y, 0)
            let lab = SIMD3(c.x, chroma * Double.cos(hue * .pi / 180), chroma * Double.sin(hue * .pi / 180))
            return multiply(d50ToD65, labToXYZ50(lab))
        case .oklch:
            let ab =
                c.z.isNaN
                ? SIMD2<Double>(0, 0) : SIMD2(c.y * Double.cos(c.z * .pi / 180), c.y * Double.sin(c.z * .pi / 180))
            let lms = multiply(oklabToLMS, SIMD3(c.x, ab.x, ab.y))
            return multiply(lmsToXYZ, lms * lms * lms)
        }
    }

    static func fromXYZ65(_ space: Space, _ xyz: SIMD3<Double>) -> SIMD3<Double> {
        switch space {
        case .srgb: return multiply(xyzToSRGB, xyz).encoded
        case .hsl: return srgbToHSL(multiply(xyzToSRGB, xyz).encoded)
        case .p3: return multiply(xyzToP3, xyz).encoded
        case .lch:
            let lab = xyz50ToLab(multiply(d65ToD50, xyz))
            return polar(lab, epsilon: 0.02)
        case .oklch:
            let lms = multiply(xyzToLMS, xyz)
            let oklab = multiply(lmsToOKLab, SIMD3(Double.root(lms.x, 3), Double.root(lms.y, 3), Double.root(lms.z, 3)))
            return polar(oklab, epsilon: 0.0002)
        }
    }

    /// Lightness, chroma and a hue in 0..<360 (NaN when both axes are within `epsilon` of 0).
    static func polar(_ lab: SIMD3<Double>, epsilon: Double) -> SIMD3<Double> {
        var hue = Double.nan
        if Swift.abs(lab.y) >= epsilon || Swift.abs(lab.z) >= epsilon {
            hue = Double.atan2(y: lab.z, x: lab.y) * 180 / .pi
        }
        hue = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return SIMD3(lab.x, (lab.y * lab.y + lab.z * lab.z).squareRoot(), hue)
    }

    static func srgbToHSL(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let high = max(c.x, c.y, c.z), low = min(c.x, c.y, c.z)
        var h = Double.nan, s = 0.0
        let l = (low + high) / 2, d = high - low
        if d != 0 {
            s = (l == 0 || l == 1) ? 0 : (high - l) / min(l, 1 - l)
            switch high {
            case c.x: h = (c.y - c.z) / d + (c.y < c.z ? 6 : 0)
            case c.y: h = (c.z - c.x) / d + 2
            default: h = (c.x - c.y) / d + 4
            }
            h *= 60
        }
        if s < 0 {
            h += 180
            s = Swift.abs(s)
        }
        if h >= 360 { h -= 360 }
        return SIMD3(h, s * 100, l * 100)
    }

    static func hslToSRGB(_ c: SIMD3<Double>) -> SIMD3<Double> {
        var h = c.x.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        let s = c.y / 100, l = c.z / 100
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return SIMD3(f(0), f(8), f(4))
    }

    static let labEpsilon = 216.0 / 24389, labKappa = 24389.0 / 27
    static let d50White = SIMD3(0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585)

    static func xyz50ToLab(_ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let scaled = xyz / d50White
        func f(_ v: Double) -> Double { v > labEpsilon ? Double.root(v, 3) : (labKappa * v + 16) / 116 }
        let fx = f(scaled.x), fy = f(scaled.y), fz = f(scaled.z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    static func labToXYZ50(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let fy = (lab.x + 16) / 116, fx = lab.y / 500 + fy, fz = fy - lab.z / 200
        let e3 = 24.0 / 116
        let x = fx > e3 ? fx * fx * fx : (116 * fx - 16) / labKappa
        let y = lab.x > 8 ? Double.pow((lab.x + 16) / 116, 3) : lab.x / labKappa
        let z = fz > e3 ? fz * fz * fz : (116 * fz - 16) / labKappa
        return SIMD3(x, y, z) * d50White
    }

    typealias Matrix = (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    static func multiply(_ m: Matrix, _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.0 * v).sum(), (m.1 * v).sum(), (m.2 * v).sum())
    }

    static let srgbToXYZ: Matrix = (
        SIMD3(0.41239079926595934, 0.357584339383878, 0.1804807884018343),
        SIMD3(0.21263900587151027, 0.715168678767756, 0.07219231536073371),
        SIMD3(0.01933081871559182, 0.11919477979462598, 0.9505321522496607)
    )
    static let xyzToSRGB: Matrix = (
        SIMD3(3.2409699419045226, -1.537383177570094, -0.4986107602930034),
        SIMD3(-0.9692436362808796, 1.8759675015077202, 0.04155505740717559),
        SIMD3(0.05563007969699366, -0.20397695888897652, 1.0569715142428786)
    )
    static let p3ToXYZ: Matrix = (
        SIMD3(0.4865709486482162, 0.26566769316909306, 0.1982172852343625),
        SIMD3(0.2289745640697488, 0.6917385218365064, 0.079286914093745),
        SIMD3(0.0000000000000000, 0.04511338185890264, 1.043944368900976)
    )
    static let xyzToP3: Matrix = (
        SIMD3(2.493496911941425, -0.9313836179191239, -0.40271078445071684),
        SIMD3(-0.8294889695615747, 1.7626640603183463, 0.023624685841943577),
        SIMD3(0.03584583024378447, -0.07617238926804182, 0.9568845240076872)
    )
    static let d65ToD50: Matrix = (
        SIMD3(1.0479297925449969, 0.022946870601609652, -0.05019226628920524),
        SIMD3(0.02962780877005599, 0.9904344267538799, -0.017073799063418826),
        SIMD3(-0.009243040646204504, 0.015055191490298152, 0.7518742814281371)
    )
    static let d50ToD65: Matrix = (
        SIMD3(0.955473421488075, -0.02309845494876471, 0.06325924320057072),
        SIMD3(-0.0283697093338637, 1.0099953980813041, 0.021041441191917323),
        SIMD3(0.012314014864481998, -0.020507649298898964, 1.330365926242124)
    )
    static let xyzToLMS: Matrix = (
        SIMD3(0.8190224379967030, 0.3619062600528904, -0.1288737815209879),
        SIMD3(0.0329836539323885, 0.9292868615863434, 0.0361446663506424),
        SIMD3(0.0481771893596242, 0.2642395317527308, 0.6335478284694309)
    )
    static let lmsToXYZ: Matrix = (
        SIMD3(1.2268798758459243, -0.5578149944602171, 0.2813910456659647),
        SIMD3(-0.0405757452148008, 1.1122868032803170, -0.0717110580655164),
        SIMD3(-0.0763729366746601, -0.4214933324022432, 1.5869240198367816)
    )
    static let lmsToOKLab: Matrix = (
        SIMD3(0.2104542683093140, 0.7936177747023054, -0.0040720430116193),
        SIMD3(1.9779985324311684, -2.4285922420485799, 0.4505937096174110),
        SIMD3(0.0259040424655478, 0.7827717124575296, -0.8086757549230774)
    )
    static let oklabToLMS: Matrix = (
        SIMD3(1.0000000000000000, 0.3963377773761749, 0.2158037573099136),
        SIMD3(1.0000000000000000, -0.1055613458156586, -0.0638541728258133),
        SIMD3(1.0000000000000000, -0.0894841775298119, -1.2914855480194092)
    )
}

extension SIMD3<Double> {
    /// sRGB's (and Display P3's) transfer function undone, sign-preserving.
    fileprivate var decoded: SIMD3<Double> {
        func f(_ v: Double) -> Double {
            let sign: Double = v < 0 ? -1 : 1, a = v * sign
            return a <= 0.04045 ? v / 12.92 : sign * Double.pow((a + 0.055) / 1.055, 2.4)
        }
        return SIMD3(f(x), f(y), f(z))
    }

    fileprivate var encoded: SIMD3<Double> {
        func f(_ v: Double) -> Double {
            let sign: Double = v < 0 ? -1 : 1, a = v * sign
            return a > 0.0031308 ? sign * (1.055 * Double.pow(a, 1 / 2.4) - 0.055) : 12.92 * v
        }
        return SIMD3(f(x), f(y), f(z))
    }
}
