import RealModule
import SnapStyleEngine

/// A color in OKLCH (Björn Ottosson's OKLab in polar form): lightness 0...1, chroma, hue in degrees.
public struct OKLCH: Hashable, Sendable {
    public var lightness: Double
    public var chroma: Double
    public var hue: Double
    public var alpha: Double

    public init(lightness: Double, chroma: Double, hue: Double, alpha: Double = 1) {
        self.lightness = lightness
        self.chroma = chroma
        self.hue = hue
        self.alpha = alpha
    }

    private static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : Double.pow((c + 0.055) / 1.055, 2.4)
    }

    private static func encoded(_ c: Double) -> Double {
        c <= 0.0031308 ? 12.92 * c : 1.055 * Double.pow(c, 1 / 2.4) - 0.055
    }

    /// The OKLCH coordinates of a gamma-encoded sRGB color.
    public init(_ color: RGBA) {
        let r = Self.linear(color.r), g = Self.linear(color.g), b = Self.linear(color.b)
        let l = Double.root(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b, 3)
        let m = Double.root(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b, 3)
        let s = Double.root(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b, 3)
        let labL = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        let labA = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        let labB = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        lightness = labL
        chroma = (labA * labA + labB * labB).squareRoot()
        var degrees = Double.atan2(y: labB, x: labA) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        hue = chroma < 1e-7 ? 0 : degrees
        alpha = color.a
    }

    /// The sRGB color, each channel clipped to the gamut, and whether it was inside the gamut before clipping.
    public var rgba: (color: RGBA, inGamut: Bool) {
        let radians = hue * .pi / 180
        let labA = chroma * Double.cos(radians), labB = chroma * Double.sin(radians)
        let l = Double.pow(lightness + 0.3963377774 * labA + 0.2158017576 * labB, 3)
        let m = Double.pow(lightness - 0.1055613458 * labA - 0.0638541728 * labB, 3)
        let s = Double.pow(lightness - 0.0894841775 * labA - 1.2914855480 * labB, 3)
        let linear = [
            4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s,
        ]
        // The published matrices round-trip the sRGB primaries to within about 1e-5.
        let tolerance = 1e-4
        let inGamut = linear.allSatisfy { $0 >= -tolerance && $0 <= 1 + tolerance }
        let channels = linear.map { Self.encoded(min(max($0, 0), 1)) }
        return (RGBA(r: channels[0], g: channels[1], b: channels[2], a: alpha), inGamut)
    }
}
