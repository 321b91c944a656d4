import SnapStyleEngine
import Testing

@testable import SnapStyleLSP

/// Every place a native theme file names a key, a container or a component, by the value's path.
@Suite struct NativeReferenceTests {
    static func path(_ text: String) -> [JSONScan.Segment] {
        text.split(separator: "/").map { part in Int(part).map { .index($0) } ?? .key(String(part)) }
    }

    @Test(arguments: [
        ("surface/ink/ref", StyleName.key(.surface, "k")),
        ("accent/brand/ref", .key(.accent, "k")),
        ("accent/brand/base/ref", .key(.surface, "k")),
        ("accent/brand/onAccent/ref", .key(.surface, "k")),
        ("accent/brand/complementary/ref", .key(.surface, "k")),
        ("accent/brand/contrast/ref", .key(.surface, "k")),
        ("accent/brand/when/0/then/contrast/ref", .key(.surface, "k")),
        ("surface/ink/adjust/1/mix/with/ref", .key(.surface, "k")),
        ("surface/wash/linearGradient/colors/1/ref", .key(.surface, "k")),
        ("surface/tint/when/0/then/ref", .key(.surface, "k")),
        ("surface/tint/else/when/2/then/ref", .key(.surface, "k")),
        ("font/title/else/ref", .key(.font, "k")),
        ("surface/tint/key", .key(.accent, "k")),
        ("surface/tint/when/0/if/accent", .key(.accent, "k")),
        ("surface/tint/when/0/if/accent/1", .key(.accent, "k")),
        ("number/gap/when/0/if/component/not", .component("k")),
        ("surface/tint/when/0/if/container", .container("k")),
        ("surface/tint/when/0/if/container.parent", .container("k")),
        ("theme/modifiers/mode/dark/accent", .key(.accent, "k")),
        ("padding/roomy/horizontal", .key(.number, "k")),
        ("padding/edges/value", .key(.number, "k")),
        ("shape/card/roundedRectangle", .key(.number, "k")),
        ("composition/banner/backgroundOverlay", .key(.surface, "k")),
        ("container/card/surface", .key(.surface, "k")),
        ("container/card/padding", .key(.padding, "k")),
        ("container/card/border", .key(.number, "k")),
        ("container/card/extends", .container("k")),
        ("component/tile/container", .container("k")),
        ("component/tile/spacing", .key(.number, "k")),
        ("component/tile/font/title", .key(.font, "k")),
        ("component/tile/shape/any", .key(.shape, "k")),
        ("component/tile/extends", .component("k")),
    ])
    func aNameIsReadWhereTheFormatTakesOne(path: String, expected: StyleName) {
        #expect(NativeReference.name("k", path: Self.path(path)) == expected)
    }

    @Test(arguments: [
        "surface/brand", "surface/tint/accent", "surface/tint/when/0/if/colorScheme", "shape/card",
        "font/title/weight", "surface/wash/linearGradient/colors/0", "container/card/requiresSecondaryAccent",
        "component/tile/hierarchy", "theme/extends", "padding/roomy/edges/0", "surface/ink/adjust/0/mix/with",
    ])
    func noNameWhereTheFormatTakesALiteral(path: String) {
        #expect(NativeReference.name("k", path: Self.path(path)) == nil)
    }

    @Test func aThemeFileModelReadsEveryReference() {
        let text = #"""
            {"surface": {"a": "#000000", "b": {"ref": "a"}},
             "accent": {"x": {"base": {"ref": "a"}, "onAccent": {"ref": "a"}, "complementary": "#FFFFFF",
                              "contrast": {"ref": "b"}, "brightness": "dark"}}}
            """#
        let model = ThemeFileModel(bytes: Array(text.utf8))
        let references = model.sites.filter { $0.role == .reference }.map(\.name)
        #expect(references == [.key(.surface, "a"), .key(.surface, "a"), .key(.surface, "a"), .key(.surface, "b")])
    }
}
