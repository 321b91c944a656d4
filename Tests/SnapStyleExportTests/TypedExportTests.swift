import SnapStyleExport
import SnapStyleJSON
import SnapStyleProtocol
import Testing

/// The formats work on typed values alone: a theme built in code, with no daemon and no engine, exports a font's
/// line height, letter spacing in `em` and style, and a gradient's stops and direction.
@Suite struct TypedExportTests {
    static let blue = StyleValue.Color(hex: "#0A6CFFFF", rgba: [0.0392, 0.4235, 1, 1])
    static let white = StyleValue.Color(hex: "#FFFFFF80", rgba: [1, 1, 1, 0.502])

    static let theme = ResolvedTheme(
        context: [:], selector: ":root",
        values: [
            (
                "surface",
                [
                    ExportedValue(
                        key: "sky",
                        value: .gradient(
                            .init(
                                kind: "linear", colors: [blue, white], startPoint: .named("leading"),
                                endPoint: .named("trailing"), locations: [0.1, 0.9])))
                ]
            ),
            (
                "font",
                [
                    ExportedValue(
                        key: "type.heading",
                        value: .font(
                            .init(
                                size: 24, baseSize: 24, weight: "bold", families: ["Inter", "Helvetica Neue"],
                                weightValue: 650, lineHeight: 1.25, letterSpacing: -0.48, letterSpacingEm: -0.02,
                                style: "italic")), type: "typography")
                ]
            ),
        ])

    @Test func cssWritesEveryDetailOfTheTypedValues() {
        let lines = ThemeExport.css([Self.theme]).split(separator: "\n").map(String.init)
        #expect(lines.contains("  --surface-sky: linear-gradient(90deg, #0a6cff 10%, #ffffff80 90%);"), "\(lines)")
        for expected in [
            "--type-heading-font-family: Inter, \"Helvetica Neue\";", "--type-heading-font-weight: 650;",
            "--type-heading-line-height: 1.25;", "--type-heading-letter-spacing: -0.02em;",
            "--type-heading-font-style: italic;", "--type-heading: italic 650 24px/1.25 Inter, \"Helvetica Neue\";",
        ] {
            #expect(lines.contains("  " + expected), "\(expected) in \(lines)")
        }
    }

    @Test func dtcgKeepsTheStopsTheDirectionAndTheSpacingInEm() throws {
        let document = JSONText.encode(try JSONText.parse(ThemeExport.dtcg(Self.theme)))
        #expect(document.contains(#""letterSpacing":{"value":-0.02,"unit":"em"}"#), "\(document)")
        #expect(document.contains(#""position":0.1"#) && document.contains(#""position":0.9"#), "\(document)")
        #expect(document.contains(#""startPoint":"leading","endPoint":"trailing""#), "\(document)")
    }

    @Test func theJSONFormatWritesTheValuesAsResolveAnswersThem() throws {
        let json = try JSONText.parse(ThemeExport.json([Self.theme]))
        for (attribute, entries) in Self.theme.values {
            for entry in entries { #expect(json[attribute]?[entry.key] == entry.value.json, "\(entry.key)") }
        }
    }
}
