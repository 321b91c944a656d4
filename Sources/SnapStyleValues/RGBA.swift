import RealModule
import SnapStyleVocabulary

/// The colour space a `mix` adjustment interpolates in.
public enum MixSpace: String, ClosedSet { case perceptual, srgb }

/// A non-premultiplied sRGB color with gamma-encoded components in 0...1.
public struct RGBA: Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    public init?(hex: String) {
        guard hex.first == "#" else { return nil }
        let digits = Array(hex.dropFirst())
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        func value(_ s: some StringProtocol) -> Double { Double(Int(s, radix: 16)!) }
        if digits.count == 3 {
            let v = digits.map { value(String([$0, $0])) / 255 }
            self.init(r: v[0], g: v[1], b: v[2])
        } else {
            var v: [Double] = []
            for i in stride(from: 0, to: digits.count, by: 2) { v.append(value(String(digits[i...i + 1])) / 255) }
            self.init(r: v[0], g: v[1], b: v[2], a: v.count == 4 ? v[3] : 1)
        }
    }

    /// `#RRGGBBAA` from the unrounded components.
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        var out = "#"
        for c in [r, g, b, a] {
            let v = Int((min(max(c, 0), 1) * 255).rounded())
            out.append(digits[v >> 4])
            out.append(digits[v & 15])
        }
        return out
    }

    public func clamped() -> RGBA {
        RGBA(r: min(max(r, 0), 1), g: min(max(g, 0), 1), b: min(max(b, 0), 1), a: min(max(a, 0), 1))
    }

    /// Interpolates toward `other` by `t` in the given space; alpha linearly; the result clamped to sRGB.
    public func mixed(with other: RGBA, amount t: Double, space: MixSpace) -> RGBA {
        let alpha = a + (other.a - a) * t
        switch space {
        case .srgb:
            return RGBA(r: r + (other.r - r) * t, g: g + (other.g - g) * t, b: b + (other.b - b) * t, a: alpha)
                .clamped()
        case .perceptual:
            let x = OKLab(self), y = OKLab(other)
            let mixed = OKLab(L: x.L + (y.L - x.L) * t, A: x.A + (y.A - x.A) * t, B: x.B + (y.B - x.B) * t)
            var result = mixed.rgb
            result.a = alpha
            return result.clamped()
        }
    }
}

extension RGBA {
    /// sRGB's transfer function undone (IEC 61966-2-1): a gamma-encoded channel in 0...1 as linear light.
    public static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : Double.pow((c + 0.055) / 1.055, 2.4)
    }

    /// sRGB's transfer function: a linear-light channel in 0...1, gamma-encoded.
    public static func encoded(_ c: Double) -> Double {
        c <= 0.0031308 ? 12.92 * c : 1.055 * Double.pow(c, 1 / 2.4) - 0.055
    }
}

/// Björn Ottosson's OKLab, from and to gamma-encoded sRGB.
public struct OKLab: Sendable {
    public var L: Double
    public var A: Double
    public var B: Double

    public init(L: Double, A: Double, B: Double) {
        self.L = L
        self.A = A
        self.B = B
    }

    public init(_ color: RGBA) {
        let r = RGBA.linear(color.r), g = RGBA.linear(color.g), b = RGBA.linear(color.b)
        let l = Double.root(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b, 3)
        let m = Double.root(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b, 3)
        let s = Double.root(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b, 3)
        L = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        A = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        B = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// The linear-light sRGB channels (red, green, blue), unclipped: outside 0...1 when out of the sRGB gamut.
    public var linearRGB: (r: Double, g: Double, b: Double) {
        let l = Double.pow(L + 0.3963377774 * A + 0.2158017576 * B, 3)
        let m = Double.pow(L - 0.1055613458 * A - 0.0638541728 * B, 3)
        let s = Double.pow(L - 0.0894841775 * A - 1.2914855480 * B, 3)
        return (
            4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        )
    }

    /// The opaque sRGB color, negative channels clipped to 0.
    public var rgb: RGBA {
        let (r, g, b) = linearRGB
        return RGBA(r: RGBA.encoded(max(r, 0)), g: RGBA.encoded(max(g, 0)), b: RGBA.encoded(max(b, 0)))
    }
}
