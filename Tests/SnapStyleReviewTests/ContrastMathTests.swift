import SnapStyleEngine
import SnapStyleReview
import Testing

/// The contrast math against published figures: WebAIM's and WCAG's ratios, the apca-w3 package's own test
/// vectors (Myndex/apca-w3 test/index.js, APCA-W3 0.0.98G-4g), and CSS Color 4's OKLCH coordinates.
struct ContrastMathTests {
    static func color(_ hex: String) -> RGBA { RGBA(hex: hex)! }

    @Test(
        "WCAG contrast ratio",
        arguments: [
            ("#FFFFFF", "#000000", 21.0), ("#767676", "#FFFFFF", 4.54), ("#777777", "#FFFFFF", 4.48),
            ("#0000FF", "#FFFFFF", 8.59), ("#FF0000", "#FFFFFF", 4.00), ("#595959", "#FFFFFF", 7.0),
            ("#FFFFFF", "#FFFFFF", 1.0),
        ])
    func wcagRatio(foreground: String, background: String, expected: Double) {
        let ratio = WCAGContrast.ratio(Self.color(foreground), Self.color(background))
        #expect(abs(ratio - expected) < 0.01, "\(foreground) on \(background): \(ratio)")
        #expect(ratio == WCAGContrast.ratio(Self.color(background), Self.color(foreground)))
    }

    @Test(
        "relative luminance of the primaries",
        arguments: [("#FF0000", 0.2126), ("#00FF00", 0.7152), ("#0000FF", 0.0722)])
    func luminance(hex: String, expected: Double) {
        #expect(abs(WCAGContrast.relativeLuminance(Self.color(hex)) - expected) < 1e-12)
    }

    @Test(
        "APCA Lc against apca-w3's test vectors",
        arguments: [
            ("#888888", "#FFFFFF", 63.056469930209424), ("#FFFFFF", "#888888", -68.54146436644962),
            ("#000000", "#AAAAAA", 58.146262578561334), ("#AAAAAA", "#000000", -56.24113336839742),
            ("#112233", "#DDEEFF", 91.66830811481631), ("#DDEEFF", "#112233", -93.06770049484275),
            ("#112233", "#444444", 8.32326136957393), ("#444444", "#112233", -7.526878460278154),
        ])
    func apca(text: String, background: String, expected: Double) {
        let lc = APCAContrast.lightnessContrast(text: Self.color(text), background: Self.color(background))
        #expect(abs(lc - expected) < 1e-9, "\(text) on \(background): \(lc)")
    }

    @Test("APCA of a translucent text composited first (apca-w3: #0006 on #fff)")
    func apcaTranslucent() {
        let drawn = Self.color("#00000066").composited(over: Self.color("#FFFFFF"))
        let lc = APCAContrast.lightnessContrast(text: drawn, background: Self.color("#FFFFFF"))
        #expect(abs(lc - 54.62184067441377) < 1e-9)
    }

    @Test(
        "source-over compositing",
        arguments: [
            ("#00000080", "#FFFFFF", "#7F7F7FFF"), ("#FF000033", "#0000FF", "#3300CCFF"),
            ("#FFFFFF", "#000000", "#FFFFFFFF"), ("#00000000", "#123456", "#123456FF"),
            ("#FF000080", "#0000FF80", "#AA0055C0"),
        ])
    func composite(top: String, bottom: String, expected: String) {
        #expect(Self.color(top).composited(over: Self.color(bottom)).hex == expected)
    }

    @Test(
        "OKLCH coordinates (CSS Color 4 sample values)",
        arguments: [
            ("#FF0000", 0.62796, 0.25768, 29.2339), ("#0000FF", 0.45201, 0.31321, 264.052),
            ("#00FF00", 0.86644, 0.29483, 142.4953), ("#FFFFFF", 1.0, 0, 0),
        ])
    func oklch(hex: String, lightness: Double, chroma: Double, hue: Double) {
        let value = OKLCH(Self.color(hex))
        #expect(abs(value.lightness - lightness) < 1e-4)
        #expect(abs(value.chroma - chroma) < 1e-4)
        #expect(abs(value.hue - hue) < 1e-2)
        let back = value.rgba
        #expect(back.inGamut)
        #expect(back.color.hex == Self.color(hex).hex)
    }

    @Test("the nearest gray that passes AA on white is #767676, and on black #757575 passes as is")
    func nearestGray() {
        let white = Self.color("#FFFFFF")
        let suggestion = ColorSuggestion.nearest(to: Self.color("#777777")) { WCAGContrast.ratio($0, white) >= 4.5 }
        #expect(suggestion?.hex == "#767676FF")
        let black = Self.color("#000000")
        let kept = ColorSuggestion.nearest(to: Self.color("#757575")) { WCAGContrast.ratio($0, black) >= 4.5 }
        #expect(kept?.hex == "#757575FF")
    }

    @Test("a suggestion keeps hue and chroma, and none is given when no lightness passes")
    func suggestionKeepsHue() throws {
        let blue = Self.color("#4A90E2"), white = Self.color("#FFFFFF")
        let suggestion = try #require(
            ColorSuggestion.nearest(to: blue) { WCAGContrast.ratio($0, white) >= 4.5 })
        #expect(WCAGContrast.ratio(suggestion, white) >= 4.5)
        let before = OKLCH(blue), after = OKLCH(suggestion)
        #expect(abs(before.hue - after.hue) < 1.5)
        #expect(abs(before.chroma - after.chroma) < 0.01)
        #expect(after.lightness < before.lightness)
        let gray = Self.color("#777777")
        // Black on #777 is 4.69:1 and white 4.48:1: 4.6 is reached only at the dark end, 5 nowhere.
        let dark = ColorSuggestion.nearest(to: gray) { WCAGContrast.ratio($0, gray) >= 4.6 }
        #expect(dark.map { OKLCH($0).lightness < 0.1 } == true)
        #expect(ColorSuggestion.nearest(to: gray) { WCAGContrast.ratio($0, gray) >= 5 } == nil)
    }

    @Test(
        "large text: 18pt, or 14pt bold",
        arguments: [(17.0, 400, false), (18.0, 100, true), (14.0, 700, true), (14.0, 600, false), (13.9, 900, false)])
    func largeText(size: Double, weight: Int, large: Bool) {
        #expect(FontFacts(size: size, weight: weight).isLarge == large)
        let requirement = ContrastRequirement(
            role: .text, font: FontFacts(size: size, weight: weight), level: .AA, disabled: false)
        #expect(requirement.ratio == (large ? 3 : 4.5))
        let aaa = ContrastRequirement(
            role: .text, font: FontFacts(size: size, weight: weight), level: .AAA, disabled: false)
        #expect(aaa.ratio == (large ? 4.5 : 7))
    }

    @Test(
        "APCA bronze levels by size and weight",
        arguments: [
            (14.0, 400, 90.0), (17.0, 400, 90), (18.0, 400, 75), (24.0, 400, 60), (16.0, 700, 60), (36.0, 400, 45),
            (24.0, 700, 45), (40.0, 300, 90),
        ])
    func bronze(size: Double, weight: Int, level: Double) {
        let font = FontFacts(size: size, weight: weight)
        #expect(ContrastRequirement(role: .text, font: font, level: .AA, disabled: false).lightnessContrast == level)
        #expect(
            ContrastRequirement(role: .text, font: font, level: .AAA, disabled: false).lightnessContrast == level + 15)
    }

    @Test("icons and borders need 3:1 at AA and AAA; a disabled component is exempt")
    func nonText() {
        for level in WCAGLevel.allCases {
            #expect(ContrastRequirement(role: .icon, font: nil, level: level, disabled: false).ratio == 3)
            #expect(ContrastRequirement(role: .border, font: nil, level: level, disabled: false).ratio == 3)
            #expect(ContrastRequirement(role: .text, font: nil, level: level, disabled: true).ratio == nil)
        }
        let requirement = ContrastRequirement(role: .text, font: nil, level: .AA, disabled: false)
        #expect(!requirement.isMet(ratio: 4.4999, lightnessContrast: 100, apca: false))
        #expect(requirement.isMet(ratio: 4.5, lightnessContrast: 10, apca: false))
        #expect(!requirement.isMet(ratio: 4.5, lightnessContrast: 89.9, apca: true))
        #expect(requirement.isMet(ratio: 4.5, lightnessContrast: -90, apca: true))
    }
}
