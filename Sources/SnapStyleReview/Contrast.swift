import RealModule
import SnapStyleEngine

/// WCAG 2.x contrast (Success Criteria 1.4.3, 1.4.6 and 1.4.11): relative luminance and the contrast ratio.
public enum WCAGContrast {
    /// The relative luminance of an opaque sRGB color, 0 (black) to 1 (white), as WCAG 2.2 defines it (the
    /// linearisation threshold 0.04045 of IEC 61966-2-1; alpha is ignored: composite first).
    public static func relativeLuminance(_ color: RGBA) -> Double {
        func linear(_ c: Double) -> Double { RGBA.linear(min(max(c, 0), 1)) }
        return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b)
    }

    /// The contrast ratio of two opaque colors, 1 to 21, the same whichever is given first.
    public static func ratio(_ first: RGBA, _ second: RGBA) -> Double {
        let a = relativeLuminance(first), b = relativeLuminance(second)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

extension RGBA {
    /// This color drawn over `background` (Porter-Duff source over, in gamma-encoded sRGB as browsers and
    /// SwiftUI blend); the result is opaque when the background is.
    public func composited(over background: RGBA) -> RGBA {
        let alpha = min(max(a, 0), 1), below = min(max(background.a, 0), 1)
        let out = alpha + below * (1 - alpha)
        guard out > 0 else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
        func channel(_ top: Double, _ bottom: Double) -> Double { (top * alpha + bottom * below * (1 - alpha)) / out }
        return RGBA(r: channel(r, background.r), g: channel(g, background.g), b: channel(b, background.b), a: out)
    }

    /// Whether the color covers what is below it.
    public var isOpaque: Bool { a >= 1 }
}
