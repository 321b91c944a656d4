import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// tokens-studio/sd-transforms' own fixtures (Fixtures/sd-transforms, see SOURCE.md), loaded as themes, and their CSS
/// export compared with what sd-transforms' integration tests expect its transforms to write. Each expected value is
/// taken from those tests (`test/integration/sd-transforms.test.ts` with `name/kebab` and the `hex` modifier format,
/// and `color-modifier-references.test.ts`); where this export writes the same value another way, the case says so.
@Suite struct TokensStudioFixtureTests {
    static func fixture(_ name: String) throws -> String {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/sd-transforms"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func css(_ theme: String, _ text: String) async throws -> (ThemeInfo, String) {
        let roots = TemporaryDirectory()
        roots.write("\(theme)/tokens.json", text)
        let store = loadedStore([roots.root])
        let info = try ThemeStoreTests.info(store, theme)
        return (info, try await TokensStudioDetailsTests.css(store, theme))
    }

    /// `--sd-NAME: VALUE` from sd-transforms' expected output, as this export writes it (no `sd` prefix).
    static let smoke: [(name: String, value: String)] = [
        ("dimension-scale", "2"), ("dimension-xs", "4px"), ("dimension-sm", "8px"), ("dimension-md", "16px"),
        ("dimension-lg", "32px"), ("dimension-xl", "64px"), ("opacity", "0.25"), ("spacing-sm", "8px"),
        ("spacing-xl", "64px"), ("spacing-multi-value", "8px 64px"), ("colors-black", "#000000"),
        ("colors-white", "#ffffff"), ("colors-blue", "#0000ff"), ("colors-red-400", "#f67474"),
        ("colors-red-500", "#f56565"), ("colors-red-600", "#dd5b5b"), ("line-heights-heading", "1.1"),
        ("line-heights-body", "1.4"), ("letter-spacing-increased", "1.5em"), ("letter-spacing-decreased", "-0.05em"),
        ("font-weights-heading-regular", "600"), ("font-weights-heading-bold", "700"),
        ("font-weights-body-regular", "400"), ("font-sizes-h6", "16px"), ("font-sizes-body", "16px"),
        ("shadow-blur", "10px"), ("border-width", "5px"), ("border", "5px solid #000000"), ("color", "#ff00ff"),
        // sd-transforms: `rgba(0, 0, 255, 50%)`; the same color as hex.
        ("colors-blue-alpha", "#0000ff80"),
        // sd-transforms: `rgba(255, 0, 255, 1)`.
        ("uses-color", "#ff00ff"),
        // sd-transforms: `0`.
        ("letter-spacing-default", "0px"),
        // sd-transforms: `linear-gradient(180deg, #000000 0%, rgba(0, 0, 0, 0.00) 45%)`; 180deg is the default.
        ("colors-gradient", "linear-gradient(#000000 0%, #00000000 45%)"),
        // sd-transforms: `700 16px/1 'Arial Black', 'Suisse Int\'l', sans-serif`; names quoted with `"`.
        ("heading-6", #"700 16px/1 "Arial Black", "Suisse Int'l", sans-serif"#),
        // sd-transforms: `inset 0 4px 10px 0 rgba(0,0,0,0.4)`; 0.4 × 255 rounds to 0x66.
        ("shadow", "inset 0px 4px 10px 0px #00000066"),
    ]

    @Test func theSmokeFixtureExportsWhatSdTransformsWrites() async throws {
        let (info, css) = try await Self.css("smoke", try Self.fixture("sd-transforms.tokens"))
        #expect(info.errors == [], "\(info.errors)")
        for (name, value) in Self.smoke {
            #expect(css.contains("  --\(name): \(value);\n"), "--\(name): \(value)\n\(css)")
        }
    }

    /// `w3c-spec-compliance.test.ts`: the same tokens in Tokens Studio's DTCG option (`$value`, `$type`, its types
    /// and math kept) export what the legacy syntax does, and what sd-transforms writes for both.
    @Test func theDTCGOptionFixtureExportsWhatSdTransformsWrites() async throws {
        let (info, css) = try await Self.css("w3c", try Self.fixture("w3c-spec-compliance.tokens"))
        #expect(info.errors == [], "\(info.errors)")
        #expect(info.warnings.filter { $0.message.contains("not a DTCG type") } == [], "\(info.warnings)")
        for (name, value) in Self.smoke {
            #expect(css.contains("  --\(name): \(value);\n"), "--\(name): \(value)\n\(css)")
        }
    }

    @Test func theModifierReferenceFixtureExportsWhatSdTransformsWrites() async throws {
        let (info, css) = try await Self.css("references", try Self.fixture("color-modifier-references.tokens"))
        #expect(info.errors == [], "\(info.errors)")
        for (name, value) in [
            ("alpha", "0.3"), ("color", "#ffffff4d"), ("color2", "#0000004d"), ("color3", "#a1bbee"),
            ("color4", "#759ae6"),
            ("color5", "#759ae6"), ("color6", "#3b64b3"), ("color7", "#3b64b3"), ("color8", "#202d3bbd"),
            ("color9", "#c5c8cc"), ("color10", "#424242"),
        ] {
            #expect(css.contains("  --\(name): \(value);\n"), "--\(name): \(value)\n\(css)")
        }
        // The token holding `color2`'s modifier is no value of its own (sd-transforms writes `[object Object]`).
        #expect(!css.contains("--modifier"), "\(css)")
    }

    /// `math-in-complex-values.test.ts`: math inside typography, border and shadow members, colors as `rgba(#hex, a)`.
    @Test func theComplexMathFixtureExportsWhatSdTransformsWrites() async throws {
        let (info, css) = try await Self.css("complex", try Self.fixture("math-in-complex-values.tokens"))
        #expect(info.errors == [], "\(info.errors)")
        for (name, value) in [
            // sd-transforms: `400 24px/1.125 'Arial Black'`.
            ("typo", #"400 24px/1.125 "Arial Black""#),
            // sd-transforms: `24px dashed rgba(255, 255, 0, 0.5)`.
            ("border", "24px dashed #ffff0080"),
            // sd-transforms: `inset 0 4px 10px 0 rgba(0, 0, 0, 0.4)`.
            ("shadow-single", "inset 0px 4px 10px 0px #00000066"),
            // sd-transforms: `..., inset 0 4px 10px 0 rgba(255, 255, 255, 0.2)`.
            ("shadow-double", "inset 0px 4px 10px 0px #00000066, inset 0px 4px 10px 0px #ffffff33"),
        ] {
            #expect(css.contains("  --\(name): \(value);\n"), "--\(name): \(value)\n\(css)")
        }
    }
}
