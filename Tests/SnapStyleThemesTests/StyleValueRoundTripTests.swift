import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleTestSupport
import Testing

/// `StyleValue` is lossless: every value `resolve` answers for the example themes, the DTCG fixture and a theme
/// that sets every detail a font, a gradient and a dimension may carry, read as a `StyleValue` and written back,
/// is the same JSON, member for member, and the same wire text.
@Suite struct StyleValueRoundTripTests {
    /// Fonts with families, a numeric weight, a line height, letter spacing in `em` and a style; gradients with
    /// stops at positions and a direction; dimensions in `rem`; a shadow, a border and a transition.
    static let detailed: [(path: String, text: String)] = [
        ("detailed/theme.json", #"{"theme": {"extends": null}}"#),
        (
            "detailed/values.tokens.json",
            #"""
            {
              "type": {
                "$type": "typography",
                "heading": {"$value": {"fontFamily": ["Inter", "Helvetica Neue", "sans-serif"],
                  "fontSize": {"value": 24, "unit": "px"}, "fontWeight": 650, "lineHeight": 1.25,
                  "letterSpacing": {"value": -0.02, "unit": "em"}, "fontStyle": "italic"}},
                "body": {"$value": {"fontFamily": "Inter", "fontSize": {"value": 16, "unit": "px"},
                  "fontWeight": "bold", "lineHeight": 1.5, "letterSpacing": {"value": 0.5, "unit": "px"}}}
              },
              "fade": {"$type": "gradient", "$value": [
                {"color": {"colorSpace": "srgb", "components": [1, 0, 0]}, "position": 0.1},
                {"color": {"colorSpace": "srgb", "components": [0, 0, 1], "alpha": 0.5}, "position": 0.85}]},
              "gap": {"$type": "dimension", "$value": {"value": 1.5, "unit": "rem"}},
              "lift": {"$type": "shadow", "$value": {"color": "#00000040", "offsetX": {"value": 0, "unit": "px"},
                "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 4, "unit": "px"},
                "spread": {"value": 0, "unit": "px"}}},
              "focus": {"$type": "border", "$value": {"color": "#0A6CFF", "width": {"value": 2, "unit": "px"},
                "style": "dashed"}},
              "ease": {"$type": "transition", "$value": {"duration": {"value": 200, "unit": "ms"},
                "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0.4, 0, 0.2, 1]}}
            }
            """#
        ),
        (
            "detailed/surface.json",
            #"""
            {"surface": {
              "sky": {"linearGradient": {"colors": ["#0A6CFF", "#FFFFFF80"], "startPoint": [0, 0.25],
                "endPoint": "bottomTrailing"}},
              "glass": {"material": "thin"}
            }}
            """#
        ),
    ]

    static func sources() -> TemporaryDirectory {
        let roots = ExportRoundTripTests.sources()
        for (path, text) in detailed { roots.write(path, text) }
        return roots
    }

    static let cases = ExportRoundTripTests.cases + [("detailed", "{}"), ("detailed", #"{"colorScheme": "dark"}"#)]

    @Test(arguments: cases.indices)
    func everyResolvedValueWritesBackTheSameJSON(_ index: Int) throws {
        let (theme, contextText) = Self.cases[index]
        let roots = Self.sources()
        let methods = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "snap")
        let answer = try #require(try methods.answer(.keys, ["theme": .string(theme)]))
        let keys = try #require(KeysResult(json: answer))
        var count = 0
        for list in keys.keys {
            for entry in list.entries {
                let params: JSONValue = [
                    "theme": .string(theme), "attribute": .string(list.attribute.rawValue), "key": .string(entry.key),
                    "context": json(contextText),
                ]
                let resolved = try #require(try methods.answer(.resolve, params))
                guard let answer = ResolveResult(json: resolved)?.value else { continue }
                let typed = try #require(StyleValue(json: answer, attribute: list.attribute), "\(entry.key)")
                #expect(typed.json == answer, "\(theme) \(list.attribute) \(entry.key)")
                // Through the wire (reals to 15 digits), the text the daemon writes reads back to the same text.
                let text = Jansson.encode(answer)
                let read = try #require(StyleValue(json: try Jansson.parse(text), attribute: list.attribute))
                #expect(Jansson.encode(read.json) == text, "\(theme) \(list.attribute) \(entry.key)")
                count += 1
            }
        }
        #expect(count > 5)
    }

    /// The details the formats read are there after the round trip, as values (not only as equal JSON).
    @Test func fontAndGradientDetailsSurviveTheWire() throws {
        let roots = Self.sources()
        let methods = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "detailed")
        func value(_ attribute: Attribute, _ key: String) throws -> StyleValue {
            let answer = try #require(
                try methods.answer(.resolve, ["attribute": .string(attribute.rawValue), "key": .string(key)]))
            let wire = try Jansson.parse(Jansson.encode(answer))
            let result = try #require(ResolveResult(json: wire)?.value)
            return try #require(StyleValue(json: result, attribute: attribute))
        }
        let heading = try #require(try value(.font, "type.heading").font)
        #expect(heading.families == ["Inter", "Helvetica Neue", "sans-serif"] && heading.family == "Inter")
        #expect(heading.weightValue == 650 && heading.lineHeight == 1.25 && heading.style == "italic")
        #expect(heading.letterSpacingEm == -0.02)
        #expect(heading.letterSpacing.map { abs($0 - -0.48) < 1e-9 } == true, "em times the size, in points")
        let body = try #require(try value(.font, "type.body").font)
        #expect(body.letterSpacing == 0.5 && body.letterSpacingEm == nil && body.style == nil)

        let fade = try #require(try value(.surface, "fade").gradient)
        #expect(fade.kind == "linear" && fade.locations == [0.1, 0.85])
        #expect(fade.colors.map(\.hex) == ["#FF0000FF", "#0000FF80"])
        let sky = try #require(try value(.surface, "sky").gradient)
        #expect(sky.startPoint == .point(0, 0.25) && sky.endPoint == .named("bottomTrailing") && sky.locations == nil)

        let gap = try #require(try value(.number, "gap").number)
        #expect(gap.dimension == StyleValue.Dimension(value: 1.5, unit: "rem") && gap.base == 24)
        guard case .token(let type, let shadow) = try value(.token, "lift") else {
            Issue.record("lift is not a token")
            return
        }
        #expect(type == "shadow" && shadow["offsetY"]?["value"] == 2)
    }

    /// Values built in code write the members `resolve` would, so that a format can be tested without a daemon.
    @Test func aBuiltValueReadsBackAsItself() throws {
        let values: [StyleValue] = [
            .font(
                StyleValue.Font(
                    size: 20, baseSize: 17, weight: "semibold", families: ["Inter"], weightValue: 600, lineHeight: 1.3,
                    letterSpacing: 0.34, letterSpacingEm: 0.02, style: "oblique", textCase: "uppercase")),
            .gradient(
                StyleValue.Gradient(
                    kind: "linear", colors: [StyleValue.Color(hex: "#000000FF", rgba: [0, 0, 0, 1])],
                    startPoint: .named("top"), endPoint: .point(1, 1), locations: [0.5])),
            .gradient(
                StyleValue.Gradient(
                    kind: "mesh", colors: [StyleValue.Color(hex: "#FFFFFFFF", rgba: [1, 1, 1, 1])], width: 1,
                    height: 1, points: [[0.5, 0.5]])),
            .number(StyleValue.Number(value: 20, base: 16, dimension: .init(value: 1, unit: "rem"))),
            .padding([
                .init(key: "gap", number: 8, base: 8), nil, .init(key: nil, number: 4, base: 4), nil,
            ]),
            .shape(name: "roundedRectangle", cornerRadius: 12, radiusKey: nil),
            .shape(name: "capsule", cornerRadius: nil, radiusKey: nil),
            .composition([.init(key: "ink", value: .material("thick")), nil, nil, nil]),
            .accent(colors: [nil, nil, nil, nil], brightness: "light"),
        ]
        for value in values {
            let text = Jansson.encode(value.json)
            #expect(StyleValue(json: try Jansson.parse(text)) == value, "\(text)")
        }
    }
}
