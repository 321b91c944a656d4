import RealModule
import SnapStyleVocabulary

/// The color spaces of the DTCG Color module (2025.10), each convertible to sRGB (CSS Color 4's math).
public enum ColorSpace: String, ClosedSet {
    case srgb
    case srgbLinear = "srgb-linear"
    case hsl, hwb, lab, lch, oklab, oklch
    case displayP3 = "display-p3"
    case a98rgb = "a98-rgb"
    case prophotoRGB = "prophoto-rgb"
    case rec2020
    case xyzD65 = "xyz-d65"
    case xyzD50 = "xyz-d50"

    typealias Matrix = [[Double]]

    /// Gamma-encoded sRGB of the three components (`nil` for a `none` component counts as 0), clipped to the
    /// sRGB gamut per channel.
    public func rgba(_ components: [Double?], alpha: Double = 1) -> RGBA {
        let c = (0..<3).map { $0 < components.count ? components[$0] ?? 0 : 0 }
        let rgb = encodedSRGB(c[0], c[1], c[2])
        return RGBA(r: rgb[0], g: rgb[1], b: rgb[2], a: alpha).clamped()
    }

    /// Whether a component index holds a hue (degrees), whose range is 0..<360.
    public func isHue(_ index: Int) -> Bool {
        switch self {
        case .hsl, .hwb: index == 0
        case .lch, .oklch: index == 2
        default: false
        }
    }

    func encodedSRGB(_ x: Double, _ y: Double, _ z: Double) -> [Double] {
        switch self {
        case .srgb: return [x, y, z]
        case .srgbLinear: return [x, y, z].map(Self.encodeSRGB)
        case .hsl: return Self.hsl(x, y / 100, z / 100)
        case .hwb: return Self.hwb(x, y / 100, z / 100)
        case .displayP3: return Self.fromLinear(Self.p3ToSRGB, [x, y, z].map(Self.decodeSRGB))
        case .a98rgb:
            return Self.fromLinear(Self.a98ToSRGB, [x, y, z].map { Self.signed($0) { Double.pow($0, 563.0 / 256) } })
        case .rec2020: return Self.fromLinear(Self.rec2020ToSRGB, [x, y, z].map(Self.decodeRec2020))
        case .prophotoRGB: return Self.fromLinear(Self.prophotoToSRGB, [x, y, z].map(Self.decodeProphoto))
        case .xyzD65: return Self.fromLinear(Self.xyz65ToSRGB, [x, y, z])
        case .xyzD50: return Self.fromLinear(Self.xyz50ToSRGB, [x, y, z])
        case .lab: return Self.fromLinear(Self.xyz50ToSRGB, Self.labToXYZ50(x, y, z))
        case .lch:
            let h = y == 0 ? 0 : z * .pi / 180
            return Self.fromLinear(Self.xyz50ToSRGB, Self.labToXYZ50(x, y * Double.cos(h), y * Double.sin(h)))
        case .oklab: return Self.fromLinear(Self.xyz65ToSRGB, Self.oklabToXYZ65(x, y, z))
        case .oklch:
            let h = z * .pi / 180
            return Self.fromLinear(Self.xyz65ToSRGB, Self.oklabToXYZ65(x, y * Double.cos(h), y * Double.sin(h)))
        }
    }

    static func signed(_ v: Double, _ f: (Double) -> Double) -> Double { v < 0 ? -f(-v) : f(v) }

    static func decodeSRGB(_ v: Double) -> Double {
        signed(v) { $0 <= 0.04045 ? $0 / 12.92 : Double.pow(($0 + 0.055) / 1.055, 2.4) }
    }

    static func encodeSRGB(_ v: Double) -> Double {
        signed(v) { $0 <= 0.0031308 ? 12.92 * $0 : 1.055 * Double.pow($0, 1 / 2.4) - 0.055 }
    }

    static func decodeRec2020(_ v: Double) -> Double {
        let alpha = 1.09929682680944, beta = 0.018053968510807
        return signed(v) { $0 < beta * 4.5 ? $0 / 4.5 : Double.pow(($0 + alpha - 1) / alpha, 1 / 0.45) }
    }

    static func decodeProphoto(_ v: Double) -> Double {
        signed(v) { $0 <= 16.0 / 512 ? $0 / 16 : Double.pow($0, 1.8) }
    }

    static func multiply(_ m: Matrix, _ v: [Double]) -> [Double] {
        m.map { row in row[0] * v[0] + row[1] * v[1] + row[2] * v[2] }
    }

    static func fromLinear(_ m: Matrix, _ v: [Double]) -> [Double] { multiply(m, v).map(encodeSRGB) }

    static func hsl(_ hue: Double, _ s: Double, _ l: Double) -> [Double] {
        let h = hue.truncatingRemainder(dividingBy: 360) + (hue < 0 ? 360 : 0)
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            return l - s * min(l, 1 - l) * max(-1, min(k - 3, 9 - k, 1))
        }
        return [f(0), f(8), f(4)]
    }

    static func hwb(_ h: Double, _ w: Double, _ b: Double) -> [Double] {
        if w + b >= 1 {
            let gray = w / (w + b)
            return [gray, gray, gray]
        }
        return hsl(h, 1, 0.5).map { $0 * (1 - w - b) + w }
    }

    static func labToXYZ50(_ l: Double, _ a: Double, _ b: Double) -> [Double] {
        let epsilon = 216.0 / 24389, kappa = 24389.0 / 27
        let f1 = (l + 16) / 116, f0 = a / 500 + f1, f2 = f1 - b / 200
        let x = Double.pow(f0, 3) > epsilon ? Double.pow(f0, 3) : (116 * f0 - 16) / kappa
        let y = l > kappa * epsilon ? Double.pow((l + 16) / 116, 3) : l / kappa
        let z = Double.pow(f2, 3) > epsilon ? Double.pow(f2, 3) : (116 * f2 - 16) / kappa
        return [x * 0.3457 / 0.3585, y, z * (1 - 0.3457 - 0.3585) / 0.3585]
    }

    static func oklabToXYZ65(_ l: Double, _ a: Double, _ b: Double) -> [Double] {
        let lms = multiply(
            [
                [1, 0.3963377773761749, 0.2158037573099136], [1, -0.1055613458156586, -0.0638541728258133],
                [1, -0.0894841775298119, -1.2914855480194092],
            ], [l, a, b]
        ).map { $0 * $0 * $0 }
        return multiply(
            [
                [1.2268798758459243, -0.5578149944602171, 0.2813910456659647],
                [-0.0405757452148008, 1.1122868032803170, -0.0717110580655164],
                [-0.0763729366746601, -0.4214933324022432, 1.5869240198367816],
            ], lms)
    }

    static let xyz65ToSRGB: Matrix = [
        [3.2409699419045226, -1.5373831775700939, -0.4986107602930034],
        [-0.9692436362808796, 1.8759675015077204, 0.0415550574071756],
        [0.0556300796969936, -0.2039769588889765, 1.0569715142428784],
    ]
    static let xyz50ToSRGB: Matrix = [
        [3.1341358529, -1.6173859980, -0.4906622179], [-0.9787954766, 1.9162543774, 0.0334428734],
        [0.0719553926, -0.2289767598, 1.4053860351],
    ]
    static let p3ToSRGB: Matrix = [
        [1.2249401763, -0.2249401763, 0], [-0.0420569547, 1.0420569547, 0],
        [-0.0196375546, -0.0786360456, 1.0982736001],
    ]
    static let a98ToSRGB: Matrix = [[1.3983557440, -0.3983557440, 0], [0, 1, 0], [0, -0.0429289893, 1.0429289893]]
    static let rec2020ToSRGB: Matrix = [
        [1.6604910021, -0.5876411388, -0.0728498633], [-0.1245504745, 1.1328998971, -0.0083494226],
        [-0.0181507634, -0.1005788980, 1.1187296614],
    ]
    static let prophotoToSRGB: Matrix = [
        [2.0343808495, -0.7276357899, -0.3067450596], [-0.2288257316, 1.2317425412, -0.0029168096],
        [-0.0085588288, -0.1532667021, 1.1618255309],
    ]
}
