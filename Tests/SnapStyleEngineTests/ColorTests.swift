import SnapStyleEngine
import SnapStyleJSON
import Testing

/// `RGBA`: hex literals, hex output, mixing (docs/theme-format.md).
@Suite struct ColorTests {
    static func expectChannels(
        _ color: RGBA, _ r: Double, _ g: Double, _ b: Double, _ a: Double,
        tolerance: Double
    ) {
        #expect(approx(color.r, r, tolerance: tolerance), "r = \(color.r), want \(r)")
        #expect(approx(color.g, g, tolerance: tolerance), "g = \(color.g), want \(g)")
        #expect(approx(color.b, b, tolerance: tolerance), "b = \(color.b), want \(b)")
        #expect(approx(color.a, a, tolerance: tolerance), "a = \(color.a), want \(a)")
    }

    static let black = RGBA(r: 0, g: 0, b: 0)
    static let white = RGBA(r: 1, g: 1, b: 1)

    // MARK: Hex input

    @Test func shortHexRepeatsEachDigit() throws {
        let color = try #require(RGBA(hex: "#F80"))
        #expect(color == RGBA(r: 1, g: 136.0 / 255, b: 0, a: 1))
    }

    @Test func sixDigitHexIsOpaque() throws {
        let color = try #require(RGBA(hex: "#0A6CFF"))
        #expect(color == RGBA(r: 10.0 / 255, g: 108.0 / 255, b: 1, a: 1))
    }

    @Test func eightDigitHexCarriesAlpha() throws {
        let color = try #require(RGBA(hex: "#11223344"))
        #expect(color == RGBA(r: 17.0 / 255, g: 34.0 / 255, b: 51.0 / 255, a: 68.0 / 255))
    }

    @Test func lowercaseDigitsAreTheSameColor() {
        #expect(RGBA(hex: "#0a6cff") == RGBA(hex: "#0A6CFF"))
        #expect(RGBA(hex: "#0a6cff") != nil)
    }

    @Test(arguments: [
        "0A6CFF", "#12345", "#1234", "#0A6CFF0", "#0A6CFF00FF", "#GGHHII", "#", "", " #FFF", "#FFF ",
        "#+1F", "#-12", "rgb(1, 2, 3)",
    ])
    func invalidHexIsNotAColor(_ text: String) {
        #expect(RGBA(hex: text) == nil)
    }

    // `Character.isHexDigit` accepts fullwidth forms (U+FF10…, U+FF21…), which `Int(_:radix:)` rejects: they
    // must be refused as colors, never reach the parse (a theme file or a request's overrides could crash it).
    @Test
    func fullwidthDigitsAreNotAColor() {
        #expect(RGBA(hex: "#\u{FF26}\u{FF26}\u{FF26}") == nil)
        #expect(RGBA(hex: "#\u{FF10}\u{FF10}\u{FF10}") == nil)
    }

    // MARK: Hex output

    @Test func hexIsUppercaseRRGGBBAA() {
        // 0.5 × 255 = 127.5 rounds to 128 = 0x80.
        #expect(RGBA(r: 1, g: 0.5, b: 0, a: 1).hex == "#FF8000FF")
        #expect(RGBA(hex: "#F80")?.hex == "#FF8800FF")
        #expect(RGBA(hex: "#0a6cff")?.hex == "#0A6CFFFF")
    }

    @Test(arguments: ["#0A6CFF80", "#00000000", "#FFFFFFFF", "#123456FF", "#FEDCBA98"])
    func hexRoundTrips(_ hex: String) {
        #expect(RGBA(hex: hex)?.hex == hex)
    }

    @Test func hexClampsEachComponent() {
        // 0.2 × 255 = 51 = 0x33.
        #expect(RGBA(r: 2, g: -1, b: 0.2, a: 0.5).hex == "#FF003380")
    }

    @Test func jsonRoundsComponentsButNotHex() {
        // r: 0.49999 × 255 = 127.497 → 0x7F, though r rounds to 0.5 (0.5 × 255 would give 0x80);
        // g: 0.123456 × 255 = 31.48 → 0x1F, rounded to 4 decimals 0.1235.
        let json = RGBA(r: 0.49999, g: 0.123456, b: 1, a: 0).json
        #expect(json["kind"] == .string("color"))
        #expect(json["hex"] == .string("#7F1FFF00"))
        let components = JSONValue.array([.number(0.5), .number(0.1235), .number(1), .number(0)])
        #expect(json["rgba"]?.numericallyEquals(components) == true, "\(String(describing: json["rgba"]))")
    }

    // MARK: Mixing

    @Test func srgbMixOfBlackAndWhiteIsHalfGray() {
        #expect(Self.black.mixed(with: Self.white, amount: 0.5, space: .srgb) == RGBA(r: 0.5, g: 0.5, b: 0.5, a: 1))
        #expect(Self.black.mixed(with: Self.white, amount: 0.25, space: .srgb) == RGBA(r: 0.25, g: 0.25, b: 0.25))
    }

    @Test func perceptualMixOfBlackAndWhiteInterpolatesLightness() {
        // In OKLab black is L=0 and white L=1 (a=b=0), so halfway is L=0.5, a=b=0. Back to linear sRGB,
        // l=m=s=0.5³=0.125, so r=g=b=0.125, which encodes to 1.055 × 0.125^(1/2.4) − 0.055 ≈ 0.388573
        // (0.388573 × 255 = 99.09 → 0x63), far from the sRGB midpoint 0.5.
        let mixed = Self.black.mixed(with: Self.white, amount: 0.5, space: .perceptual)
        Self.expectChannels(mixed, 0.388573, 0.388573, 0.388573, 1, tolerance: 1e-5)
        #expect(mixed.hex == "#636363FF")
        let rounded = JSONValue.array([.number(0.3886), .number(0.3886), .number(0.3886), .number(1)])
        #expect(mixed.json["rgba"]?.numericallyEquals(rounded) == true)
    }

    // The OKLab round trip with the published 10-decimal matrices is exact to about 2e-5, hence the tolerance.
    @Test(arguments: [MixSpace.perceptual, .srgb])
    func theEndsOfAMixAreTheTwoColors(_ space: MixSpace) throws {
        let blue = try #require(RGBA(hex: "#0A6CFF"))
        let orange = try #require(RGBA(hex: "#FF8000C0"))
        let start = blue.mixed(with: orange, amount: 0, space: space)
        Self.expectChannels(start, blue.r, blue.g, blue.b, blue.a, tolerance: 1e-4)
        let end = blue.mixed(with: orange, amount: 1, space: space)
        Self.expectChannels(end, orange.r, orange.g, orange.b, orange.a, tolerance: 1e-4)
    }

    @Test(arguments: [MixSpace.perceptual, .srgb])
    func alphaIsInterpolatedLinearly(_ space: MixSpace) {
        let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
        #expect(approx(clear.mixed(with: Self.white, amount: 0.25, space: space).a, 0.25))
        #expect(approx(Self.white.mixed(with: clear, amount: 0.75, space: space).a, 0.25))
    }

    @Test func colorsAreNotPremultiplied() {
        // Transparent red toward opaque blue: each channel moves halfway regardless of alpha. Premultiplied
        // interpolation would give a red of 0 instead.
        let mixed = RGBA(r: 1, g: 0, b: 0, a: 0).mixed(with: RGBA(r: 0, g: 0, b: 1, a: 1), amount: 0.5, space: .srgb)
        #expect(mixed == RGBA(r: 0.5, g: 0, b: 0.5, a: 0.5))
    }

    @Test func srgbResultsAreClampedToTheGamut() {
        #expect(Self.black.mixed(with: Self.white, amount: 2, space: .srgb) == Self.white)
        #expect(Self.white.mixed(with: Self.black, amount: 2, space: .srgb) == Self.black)
    }

    @Test func perceptualResultsOutsideTheGamutAreClamped() {
        // Computed with Björn Ottosson's OKLab matrices: halfway between red and white the linear red channel
        // is 1.1099 (outside sRGB), green 0.3565 → 0.6314 and blue 0.2841 → 0.5695 encoded.
        let red = RGBA(r: 1, g: 0, b: 0)
        let pink = red.mixed(with: Self.white, amount: 0.5, space: .perceptual)
        #expect(pink.r == 1)
        Self.expectChannels(pink, 1, 0.6314, 0.5695, 1, tolerance: 1e-3)
        // Halfway between blue and green the linear red channel is −0.082: clamped to 0.
        let teal = RGBA(r: 0, g: 0, b: 1).mixed(with: RGBA(r: 0, g: 1, b: 0), amount: 0.5, space: .perceptual)
        #expect(teal.r == 0)
        Self.expectChannels(teal, 0, 0.6655, 0.7480, 1, tolerance: 1e-3)
    }
}
