import RealModule
import SnapStyleEngine

/// APCA lightness contrast (Lc), the base algorithm APCA-W3 0.0.98G-4g: the constants of the apca-w3 reference
/// (Myndex/apca-w3, `SA98G`). Positive Lc is dark text on a light background, negative light text on dark.
public enum APCAContrast {
    static let mainTRC = 2.4
    static let red = 0.2126729, green = 0.7151522, blue = 0.0721750
    static let normalBackground = 0.56, normalText = 0.57, reverseText = 0.62, reverseBackground = 0.65
    static let blackThreshold = 0.022, blackClamp = 1.414
    static let scale = 1.14, lowOffset = 0.027, deltaYMinimum = 0.0005, lowClip = 0.1

    /// The screen luminance APCA estimates for an opaque sRGB color (a plain 2.4 power, no linear segment).
    public static func screenLuminance(_ color: RGBA) -> Double {
        func power(_ c: Double) -> Double { Double.pow(min(max(c, 0), 1), mainTRC) }
        return red * power(color.r) + green * power(color.g) + blue * power(color.b)
    }

    /// Lc of `text` on `background` (both opaque: composite a translucent text color first), about -108 to 106.
    public static func lightnessContrast(text: RGBA, background: RGBA) -> Double {
        func softClamped(_ y: Double) -> Double {
            y > blackThreshold ? y : y + Double.pow(blackThreshold - y, blackClamp)
        }
        let textY = softClamped(screenLuminance(text)), backgroundY = softClamped(screenLuminance(background))
        guard abs(backgroundY - textY) >= deltaYMinimum else { return 0 }
        if backgroundY > textY {
            let sapc = (Double.pow(backgroundY, normalBackground) - Double.pow(textY, normalText)) * scale
            return sapc < lowClip ? 0 : (sapc - lowOffset) * 100
        }
        let sapc = (Double.pow(backgroundY, reverseBackground) - Double.pow(textY, reverseText)) * scale
        return sapc > -lowClip ? 0 : (sapc + lowOffset) * 100
    }
}
