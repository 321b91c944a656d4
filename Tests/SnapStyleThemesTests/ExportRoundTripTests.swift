import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleTestSupport
import SnapStyleThemes
import Testing
import SnapStyleExport

/// `export --format dtcg` imports back to the same values (docs/dtcg.md, Export): over the preset, the example
/// themes and a DTCG theme, in contexts that switch color schemes, modifiers and Dynamic Type.
@Suite struct ExportRoundTripTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A root with the shipped example themes and the DTCG fixture theme `brand`.
    static func sources() -> TemporaryDirectory {
        let roots = TemporaryDirectory()
        let examples = checkout.appendingPathComponent("etc/snapstyle/themes").path
        let manager = FileManager.default
        for theme in (try? manager.contentsOfDirectory(atPath: examples)) ?? [] {
            try! manager.copyItem(atPath: "\(examples)/\(theme)", toPath: "\(roots.path)/\(theme)")
        }
        DTCGFixture.write(roots)
        return roots
    }

    static let cases: [(theme: String, context: String)] = [
        ("snap", "{}"),
        ("snap", #"{"colorScheme": "dark", "contrast": "high"}"#),
        ("snap", #"{"dynamicType": "accessibility3", "accent": "secondary"}"#),
        ("ocean", "{}"),
        ("ocean", #"{"colorScheme": "dark", "dynamicType": "xxLarge"}"#),
        ("brand", "{}"),
        ("brand", #"{"vars": {"theme": "dark-hc", "size": "compact"}}"#),
        ("brand", #"{"colorScheme": "dark", "dynamicType": "accessibility1"}"#),
    ]

    @Test(arguments: cases.indices)
    func anExportImportsBackToTheSameValues(_ index: Int) async throws {
        let (theme, contextText) = Self.cases[index]
        let roots = Self.sources()
        let source = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "snap")
        let context = try #require(json(contextText).objectValue)
        let keys = try #require(try source.handle("keys", .object(["theme": .string(theme)])))
        let resolved = try await ThemeExport.resolve(keys: keys, params: ["theme": .string(theme)], context: context) {
            try #require(try source.answer($0, .object($1)))
        }
        let document = ThemeExport.dtcg(resolved)
        #expect((try? Jansson.parse(document)) != nil)

        // Imported into a theme of its own that extends nothing: every value must come from the document.
        let target = TemporaryDirectory()
        target.write("exported/values.tokens.json", document)
        target.write("exported/theme.json", #"{"theme": {"extends": null}}"#)
        let store = loadedStore([target.root])
        let info = try ThemeStoreTests.info(store, "exported")
        #expect(info.errors.map(\.description) == [])
        let imported = StyleMethods(store: store, defaultTheme: "exported")
        let again = try await ThemeExport.resolve(
            keys: try #require(try imported.handle("keys", .object([:]))), params: [:], context: context
        ) { try #require(try imported.answer($0, .object($1))) }

        var count = 0
        for (attribute, entries) in resolved.values {
            let answered = Dictionary(
                (again.values.first { $0.attribute == attribute }?.entries ?? []).map { ($0.key, $0.value) },
                uniquingKeysWith: { a, _ in a })
            for entry in entries {
                #expect(answered[entry.key] == entry.value, "\(theme) \(contextText): \(attribute) \(entry.key)")
                count += 1
            }
        }
        #expect(count > 20)
        let exportedKeys = again.values.reduce(0) { $0 + $1.entries.count }
        #expect(exportedKeys == count, "the import has keys the theme did not")
    }

    @Test func nativeKeysAreGroupedByAttributeAndImportedKeysKeepTheirPaths() async throws {
        let roots = Self.sources()
        let source = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "snap")
        let keys = try #require(try source.handle("keys", .object(["theme": "brand"])))
        let resolved = try await ThemeExport.resolve(keys: keys, params: ["theme": "brand"], context: [:]) {
            try #require(try source.answer($0, .object($1)))
        }
        let document = try Jansson.parse(ThemeExport.dtcg(resolved))
        // An imported color at its own path, in sRGB with hex, its description kept.
        let red = try #require(document["color"]?["red"])
        #expect(red["$type"] == "color")
        #expect(red["$value"]?["colorSpace"] == "srgb")
        #expect(red["$value"]?["hex"] == "#ff0000")
        #expect(red["$extensions"] == nil)
        // A native key under its attribute's group, its key and font facts in the extension.
        let title = try #require(document["font"]?["title"])
        #expect(title["$type"] == "typography")
        #expect(title["$value"]?["fontSize"]?["unit"] == "px")
        #expect(title["$extensions"]?["org.snapstyle"]?["key"] == "title")
        #expect(title["$extensions"]?["org.snapstyle"]?["textStyle"] == "body")
        #expect(title["$extensions"]?["org.snapstyle"]?["scaled"] == true)
        // A rem dimension as written, with the theme's rem size (10 points) beside it.
        let medium = try #require(document["space"]?["medium"])
        #expect(medium["$value"]?["unit"] == "rem")
        #expect(medium["$extensions"]?["org.snapstyle"]?["remBase"] == 10)
        let gap = try #require(document["number"]?["cornerRadiusCard"])
        #expect(gap["$type"] == "dimension")
        // What DTCG has no type for is native theme format in the document's extension.
        let native = try #require(document["$extensions"]?["org.snapstyle"])
        #expect(native["icon"]?["edit"] == "square.and.pencil")
        #expect(native["composition"]?["accentContainer"]?["background"] == "accentBackground")
        #expect(native["padding"] != nil && native["shape"] != nil && native["accent"] != nil)
    }

    @Test func cssNamesImportedKeysByPathAndNativeKeysByAttribute() async throws {
        let roots = Self.sources()
        let source = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "snap")
        let keys = try #require(try source.handle("keys", .object(["theme": "brand"])))
        var themes: [ResolvedTheme] = []
        for (context, selector) in [("{}", ":root"), (#"{"vars": {"theme": "dark"}}"#, ".dark")] {
            themes.append(
                try await ThemeExport.resolve(
                    keys: keys, params: ["theme": "brand"], context: try #require(json(context).objectValue),
                    selector: selector
                ) { try #require(try source.answer($0, .object($1))) })
        }
        let css = ThemeExport.css(themes)
        // The fixture's `label` (a `string` token) is a CSS keyword: written as its text; nothing is left out.
        #expect(css.hasPrefix(":root {\n"), "\(css.prefix(80))")
        #expect(css.contains("  --label: uppercase;\n"))
        let blocks = css.components(separatedBy: "}\n").filter { !$0.isEmpty }
        #expect(blocks.count == 2)
        #expect(blocks[0].hasPrefix(":root {\n") && blocks[1].hasPrefix(".dark {\n"))
        for line in [
            "  --color-blue-500: #0066cc;", "  --color-red: #ff0000;", "  --space-small: 4px;",
            "  --button-large-height: 56px;", "  --motion-fast: 100ms;", "  --surface-content-background: ",
            "  --text-body-font-size: 16px;", "  --text-body-font-weight: 600;", "  --text-body-line-height: 1.5;",
        ] {
            #expect(blocks[0].contains(line), "missing \(line)")
        }
        #expect(blocks[0].contains("  --text-body-font-family: Inter, Helvetica, sans-serif;"))
        #expect(blocks[0].contains("  --font-title-font-family: system-ui, sans-serif;"))
        #expect(blocks[0].contains("  --font-title: 700 22px system-ui, sans-serif;"))
        // The dark block holds the dark modifier context's value of the same property.
        let light = blocks[0].split(separator: "\n").first { $0.contains("--surface-bg:") }
        let dark = blocks[1].split(separator: "\n").first { $0.contains("--surface-bg:") }
        #expect(light != nil && dark != nil && light != dark)
    }
}

/// `$extensions."org.snapstyle"` is read and written by one type: what it writes reads back as the same hints.
@Suite struct SnapStyleHintsTests {
    @Test func whatTheHintsWriteReadsBackTheSame() throws {
        var hints = SnapStyleHints()
        #expect(hints.extensions == nil)
        hints.key = "title"
        hints.textStyle = .largeTitle
        hints.weight = .semibold
        hints.width = .condensed
        hints.design = .rounded
        hints.scaled = false
        hints.implicit = ["position", "fontFamily"]
        hints.remBase = 10
        hints.startPoint = .point(0, 0.5)
        hints.endPoint = .named("trailing")
        let written = try #require(hints.extensions)
        #expect(SnapStyleHints(extensions: written) == hints)
        #expect(written["org.snapstyle"]?["implicit"] == ["fontFamily", "position"])
        #expect(written["org.snapstyle"]?.objectValue?.keys.first == "key")
    }
}
