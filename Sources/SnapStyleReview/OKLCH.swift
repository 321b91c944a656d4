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

    /// The OKLCH coordinates of a gamma-encoded sRGB color.
    public init(_ color: RGBA) {
        let lab = OKLab(color)
        lightness = lab.L
        chroma = (lab.A * lab.A + lab.B * lab.B).squareRoot()
        var degrees = Double.atan2(y: lab.B, x: lab.A) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        hue = chroma < 1e-7 ? 0 : degrees
        alpha = color.a
    }

    /// The sRGB color, each channel clipped to the gamut, and whether it was inside the gamut before clipping.
    public var rgba: (color: RGBA, inGamut: Bool) {
        let radians = hue * .pi / 180
        let (r, g, b) = OKLab(L: lightness, A: chroma * Double.cos(radians), B: chroma * Double.sin(radians)).linearRGB
        let linear = [r, g, b]
        // The published matrices round-trip the sRGB primaries to within about 1e-5.
        let tolerance = 1e-4
        let inGamut = linear.allSatisfy { $0 >= -tolerance && $0 <= 1 + tolerance }
        let channels = linear.map { RGBA.encoded(min(max($0, 0), 1)) }
        return (RGBA(r: channels[0], g: channels[1], b: channels[2], a: alpha), inGamut)
    }
}
