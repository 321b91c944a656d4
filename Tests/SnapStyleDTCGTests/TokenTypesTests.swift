import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import Testing

/// docs/dtcg.md section 2, "Tokens become keys": each DTCG type imports into an attribute, a token's key is its path,
/// its type is its own, its alias target's or its nearest group's, and its metadata is kept.
@Suite struct TokenTypesTests {
    /// One token `x` of a type and a value, in a file with only DTCG's types.
    static func given(_ type: String, _ value: String) throws -> Given {
        try Given(["tokens.json": #"{"x": {"$type": "\#(type)", "$value": \#(value)}}"#])
    }

    static func json(_ text: String) -> JSONValue { try! Jansson.parse(text) }

    /// Given a type and a value, want the attribute it imports into.
    @Test(arguments: [
        ("color", #"{"colorSpace": "srgb", "components": [0, 0.4, 0.8]}"#, Attribute.surface),
        ("gradient", #"[{"color": {"colorSpace": "srgb", "components": [1, 0, 0]}, "position": 0}]"#, .surface),
        ("dimension", #"{"value": 4, "unit": "px"}"#, .number),
        ("number", "1.5", .number),
        (
            "typography",
            #"{"fontFamily": "Inter", "fontSize": {"value": 16, "unit": "px"}, "fontWeight": 400, "lineHeight": 1.5, "letterSpacing": {"value": 0, "unit": "px"}}"#,
            .font
        ),
        ("fontFamily", #""Inter""#, .token), ("fontWeight", "700", .token),
        ("duration", #"{"value": 100, "unit": "ms"}"#, .token), ("cubicBezier", "[0.4, 0, 0.2, 1]", .token),
        ("strokeStyle", #""dashed""#, .token),
        (
            "shadow",
            #"{"color": {"colorSpace": "srgb", "components": [0, 0, 0]}, "offsetX": {"value": 0, "unit": "px"}, "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 4, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}"#,
            .token
        ),
        (
            "border",
            #"{"color": {"colorSpace": "srgb", "components": [0, 0, 0]}, "width": {"value": 1, "unit": "px"}, "style": "solid"}"#,
            .token
        ),
        (
            "transition",
            #"{"duration": {"value": 200, "unit": "ms"}, "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0, 0, 1, 1]}"#,
            .token
        ),
    ])
    func eachTypeImportsIntoItsAttribute(type: String, value: String, attribute: Attribute) throws {
        let given = try Self.given(type, value)
        #expect(given.errors == [])
        #expect(given.attribute("x") == attribute)
        #expect(given.token("x")?.type == type)
        #expect(try given.value(attribute, "x") != nil)
    }

    /// Tokens of no attribute of their own are `{"type", "value"}`, the value as written.
    @Test(arguments: [
        ("fontFamily", #"["Inter", "sans-serif"]"#), ("fontWeight", "700"), ("fontWeight", #""bold""#),
        ("duration", #"{"value": 100, "unit": "ms"}"#), ("cubicBezier", "[0.4, 0, 0.2, 1]"),
        ("strokeStyle", #""dashed""#),
        ("strokeStyle", #"{"dashArray": [{"value": 2, "unit": "px"}], "lineCap": "round"}"#),
    ])
    func otherTypesAreTokensOfTheirValue(type: String, value: String) throws {
        let given = try Self.given(type, value)
        #expect(given.errors == [])
        #expect(try given.value(.token, "x") == .object(["type": .string(type), "value": Self.json(value)]))
    }

    /// Colors of every space of the Color module become sRGB, clipped per channel; `none` counts as 0.
    @Test(arguments: [
        (#"{"colorSpace": "srgb", "components": [0, 0.4, 0.8]}"#, "#0066CCFF"),
        (#"{"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0.5}"#, "#FF000080"),
        (#"{"colorSpace": "srgb", "components": ["none", 1, 0]}"#, "#00FF00FF"),
        (#"{"colorSpace": "srgb", "components": [1.2, -0.1, 0]}"#, "#FF0000FF"),
        (#"{"colorSpace": "srgb-linear", "components": [0.5, 0.5, 0.5]}"#, "#BCBCBCFF"),
        (#"{"colorSpace": "hsl", "components": [120, 100, 25]}"#, "#008000FF"),
        (#"{"colorSpace": "hwb", "components": [0, 0, 0]}"#, "#FF0000FF"),
        (#"{"colorSpace": "lab", "components": [50, 0, 0]}"#, "#777777FF"),
        (#"{"colorSpace": "oklab", "components": [1, 0, 0]}"#, "#FFFFFFFF"),
        (#"{"colorSpace": "oklch", "components": [0, 0, 0]}"#, "#000000FF"),
        (#"{"colorSpace": "display-p3", "components": [1, 0, 0]}"#, "#FF0000FF"),
        (#"{"colorSpace": "xyz-d65", "components": [0, 0, 0]}"#, "#000000FF"),
    ])
    func colorsBecomeSRGB(value: String, hex: String) throws {
        let given = try Self.given("color", value)
        #expect(given.errors == [] && given.warnings == [])
        #expect(try given.hex("x") == hex)
    }

    @Test func aHexStringColorIsAcceptedWithAWarning() throws {
        let given = try Self.given("color", ##""#336699""##)
        #expect(given.errors == [])
        #expect(try given.hex("x") == "#336699FF")
        #expect(given.warnings.count == 1)
        #expect(
            given.warnings.first?.hasPrefix("tokens.json:1:") == true && given.warnings.first?.contains("x") == true)
    }

    @Test func aGradientIsLinearWithItsStopsColorsAndClampedPositions() throws {
        let given = try Self.given(
            "gradient",
            #"[{"color": {"colorSpace": "srgb", "components": [1, 0, 0]}, "position": -0.5}, "#
                + #"{"color": {"colorSpace": "srgb", "components": [0, 0, 1]}, "position": 0.25}, "#
                + #"{"color": {"colorSpace": "srgb", "components": [0, 1, 0]}, "position": 1.5}]"#)
        #expect(given.errors == [])
        let gradient = try #require(try given.value(.surface, "x"))
        #expect(gradient["locations"] == [0, 0.25, 1])
        #expect(gradient["colors"]?.arrayValue?.map { $0["hex"] } == ["#FF0000FF", "#0000FFFF", "#00FF00FF"])
    }

    /// Given a dimension (and the manifest's `remBase`), want its points, the dimension as written, and whether the
    /// compiler warns.
    @Test(arguments: [
        (#"{"value": 4, "unit": "px"}"#, 16.0, 4.0, false),
        (#"{"value": 1.5, "unit": "rem"}"#, 16, 24, false),
        (#"{"value": 1.5, "unit": "rem"}"#, 10, 15, false),
        (#"{"value": 2, "unit": "dp"}"#, 16, 2, true),
        (#"{"value": 3, "unit": "pt"}"#, 16, 3, true),
        (#"{"value": -8, "unit": "px"}"#, 16, -8, false),
    ])
    func aDimensionIsANumberOfPoints(value: String, remBase: Double, points: Double, warns: Bool) throws {
        let given = try Given(
            Given.Files(["tokens.json": #"{"x": {"$type": "dimension", "$value": \#(value)}}"#], remBase: remBase))
        #expect(given.errors == [])
        let number = try #require(try given.value(.number, "x"))
        #expect(number["base"]?.doubleValue == points)
        #expect(number["dimension"] == Self.json(value))
        #expect(given.warnings.count == (warns ? 1 : 0), "\(given.warnings)")
    }

    @Test(arguments: ["em", "vw", "%", ""])
    func aDimensionWhoseUnitCannotBecomePointsIsATokenWithAWarning(unit: String) throws {
        let value = #"{"value": 0.5, "unit": "\#(unit)"}"#
        let given = try Self.given("dimension", value)
        #expect(given.errors == [])
        #expect(!given.isDefined(.number, "x"))
        #expect(try given.value(.token, "x") == .object(["type": "dimension", "value": Self.json(value)]))
        #expect(given.warnings.count == 1, "\(given.warnings)")
    }

    @Test func aNumberIsItself() throws {
        let given = try Self.given("number", "1.5")
        #expect(try given.value(.number, "x")?["base"] == 1.5)
        #expect(try given.value(.number, "x")?["dimension"] == nil)
    }

    // MARK: Typography

    /// A typography value: Inter 16 px, 600, line height 1.5, letter spacing 0.5 px, with members changed (a nil
    /// value removes the member) or added.
    static func typography(_ changes: [String: String?] = [:]) -> String {
        var members: [(String, String)] = [
            ("fontFamily", #"["Inter", "Helvetica", "sans-serif"]"#), ("fontSize", #"{"value": 16, "unit": "px"}"#),
            ("fontWeight", "600"), ("lineHeight", "1.5"), ("letterSpacing", #"{"value": 0.5, "unit": "px"}"#),
        ]
        for (name, value) in changes {
            let index = members.firstIndex { $0.0 == name }
            switch (index, value) {
            case (let index?, let value?): members[index].1 = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append((name, value))
            case (nil, nil): break
            }
        }
        return "{" + members.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + "}"
    }

    @Test func typographyBecomesAFont() throws {
        let given = try Self.given("typography", Self.typography())
        #expect(given.errors == [] && given.warnings == [])
        let font = try #require(try given.value(.font, "x", in: #"{"dynamicType": "accessibility3"}"#))
        #expect(font["family"] == "Inter")
        #expect(font["families"] == ["Inter", "Helvetica", "sans-serif"])
        // Not scaled by Dynamic Type.
        #expect(font["size"] == 16 && font["baseSize"] == 16)
        #expect(font["weightValue"] == 600 && font["weight"] == "semibold")
        #expect(font["lineHeight"] == 1.5 && font["letterSpacing"] == 0.5)
    }

    /// Given typography members as real exporters write them, want the font's value and one warning.
    @Test(arguments: [
        (["lineHeight": #"{"value": 24, "unit": "px"}"#], "lineHeight", 1.5),
        (["letterSpacing": #"{"value": 0.02, "unit": "em"}"#], "letterSpacing", 0.32),
        (["letterSpacing": #""0.16px""#], "letterSpacing", 0.16),
        (["letterSpacing": "0"], "letterSpacing", 0),
        (
            ["fontSize": #"{"value": 1.25, "unit": "rem"}"#, "lineHeight": #"{"value": 30, "unit": "px"}"#],
            "lineHeight", 1.5
        ),
    ])
    func typographyAsExportersWriteItIsAcceptedWithAWarning(members: [String: String], name: String, want: Double)
        throws
    {
        let given = try Self.given("typography", Self.typography(members.mapValues { $0 }))
        #expect(given.errors == [])
        let got = try #require(try given.value(.font, "x")?[name]?.doubleValue)
        #expect(abs(got - want) < 1e-9, "\(got)")
        #expect(given.warnings.count == 1, "\(given.warnings)")
    }

    @Test(arguments: [
        ("fontWeight", #""bold""#, "weightValue", JSONValue.number(700)),
        ("fontWeight", #""bold""#, "weight", "bold"),
        ("fontWeight", "580", "weight", "semibold"),
        ("fontSize", #"{"value": 1, "unit": "rem"}"#, "size", 16),
    ])
    func typographyMembersConvert(member: String, value: String, name: String, want: JSONValue) throws {
        let given = try Self.given("typography", Self.typography([member: value]))
        #expect(given.errors == [])
        #expect(try given.value(.font, "x")?[name] == want)
    }

    @Test func aFamilyListWrittenAsOneStringIsSplitWithAWarning() throws {
        let given = try Self.given(
            "typography", Self.typography(["fontFamily": #""'Segoe UI', Arial, sans-serif""#]))
        #expect(try given.value(.font, "x")?["families"] == ["Segoe UI", "Arial", "sans-serif"])
        #expect(given.warnings.count == 1)
    }

    @Test func unknownAndMissingMembersAreIgnoredWithAWarning() throws {
        let unknown = try Self.given("typography", Self.typography(["WebkitFontSmoothing": #""auto""#]))
        #expect(unknown.errors == [] && unknown.warnings.count == 1)
        #expect(try unknown.value(.font, "x")?["size"] == 16)
        let missing = try Self.given("typography", Self.typography(["lineHeight": nil]))
        #expect(missing.errors == [] && missing.warnings.count == 1, "\(missing.warnings)")
        #expect(try missing.value(.font, "x")?["size"] == 16)
    }

    @Test func aFontSizeThatCannotBecomePointsMakesTheTypographyAToken() throws {
        let given = try Self.given("typography", Self.typography(["fontSize": #"{"value": 1, "unit": "em"}"#]))
        #expect(given.errors == [])
        #expect(!given.isDefined(.font, "x"))
        #expect(try given.value(.token, "x")?["type"] == "typography")
        #expect(given.warnings.count == 1)
    }

    // MARK: Keys, types and metadata

    @Test func aKeyIsItsPathAndARootTokenItsGroups() throws {
        let given = try Given([
            "tokens.json": #"""
            {"color": {"$type": "color",
               "accent": {"$root": {"$value": {"colorSpace": "srgb", "components": [0, 0, 1]}},
                          "soft": {"$value": {"colorSpace": "srgb", "components": [0, 0, 1], "alpha": 0.5}}}},
             "space": {"$type": "number", "2x-large": {"$value": 40}, "with space": {"$value": 1},
                       "ünïcode": {"$value": 2}}}
            """#
        ])
        #expect(given.errors == [] && given.warnings == [])
        #expect(try given.hex("color.accent") == "#0000FFFF")
        #expect(try given.hex("color.accent.soft") == "#0000FF80")
        #expect(try given.number("space.2x-large") == 40)
        #expect(try given.number("space.with space") == 1)
        #expect(try given.number("space.ünïcode") == 2)
        #expect(given.compilation.tokenCount == 5)
    }

    /// The type is the token's own, else its alias target's, else the nearest group's.
    @Test func theTypeIsTheTokensOwnItsTargetsOrItsNearestGroups() throws {
        let given = try Given([
            "tokens.json": #"""
            {"g": {"$type": "color",
                   "c": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0]}},
                   "inner": {"$type": "number", "n": {"$value": 3},
                             "own": {"$type": "dimension", "$value": {"value": 2, "unit": "px"}}}},
             "alias": {"$value": "{g.inner.own}"}}
            """#
        ])
        #expect(given.errors == [])
        #expect(given.token("g.c")?.type == "color")
        #expect(given.token("g.inner.n")?.type == "number")
        #expect(given.token("g.inner.own")?.type == "dimension")
        #expect(given.attribute("alias") == .number)
        #expect(try given.number("alias") == 2)
    }

    /// A modifier context's token takes its group's type from the sets.
    @Test func aContextsTokenTakesItsGroupsTypeFromTheSets() throws {
        let given = try Given(
            Given.Files(
                [
                    "t.resolver.json": #"""
                    {"version": "2025.10",
                     "sets": {"base": {"sources": [{"size": {"$type": "dimension", "gap": {"$value": {"value": 4, "unit": "px"}}}}]}},
                     "modifiers": {"density": {"contexts": {"loose": [{"size": {"gap": {"$value": {"value": 8, "unit": "px"}}}}]}}},
                     "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/density"}]}
                    """#
                ], resolver: "t.resolver.json"))
        #expect(given.errors == [] && given.warnings == [], "\(given.warnings)")
        #expect(try given.number("size.gap") == 8)
        #expect(given.token("size.gap")?.type == "dimension")
    }

    @Test func descriptionAndDeprecationAreKept() throws {
        let given = try Given([
            "tokens.json": #"""
            {"a": {"$type": "number", "$value": 1, "$description": "the first", "$deprecated": true},
             "b": {"$type": "number", "$value": 2, "$deprecated": "use a"},
             "old": {"$deprecated": "use a", "c": {"$type": "number", "$value": 3}},
             "d": {"$type": "number", "$value": 4}}
            """#
        ])
        #expect(given.token("a")?.description == "the first")
        #expect(given.token("a")?.deprecated == true)
        #expect(given.token("b")?.deprecated == "use a")
        #expect(given.token("old.c")?.deprecated == "use a")
        #expect(given.token("d")?.description == nil && given.token("d")?.deprecated == nil)
    }

    // MARK: Errors at the token

    /// A malformed value of a known type is an error at the token, naming the member; the token is left out and the
    /// rest loads.
    @Test(arguments: [
        ("color", #"{"colorSpace": "srgb", "components": [1, 0]}"#, "components"),
        ("color", #"{"colorSpace": "cmyk", "components": [1, 0, 0, 0]}"#, "colorSpace"),
        ("dimension", #"{"value": "four", "unit": "px"}"#, "value"),
        ("number", #""abc""#, "number"),
        // A bare number is a dimension only inside a typography's letterSpacing (and in Tokens Studio's files).
        ("dimension", "4", "bare number"),
        // Strict DTCG has no partial typography: without a size there is no font.
        ("typography", #"{"fontFamily": "Inter", "fontWeight": 600}"#, "fontSize"),
    ])
    func aMalformedValueIsAnErrorAtItsToken(type: String, value: String, member: String) throws {
        let given = try Given([
            "tokens.json": #"{"ok": {"$type": "number", "$value": 1},"# + "\n"
                + #" "x": {"$type": "\#(type)", "$value": \#(value)}}"#
        ])
        #expect(given.errors.count == 1, "\(given.errors)")
        let error = try #require(given.errors.first)
        #expect(error.hasPrefix("tokens.json:2:") && error.contains(" x: ") && error.contains(member), "\(error)")
        #expect(given.attribute("x") == nil)
        #expect(try given.number("ok") == 1)
    }

    @Test func anUntypedTokenWithoutAClearShapeIsAnError() throws {
        let given = try Given([
            "tokens.json": #"{"ok": {"$type": "number", "$value": 1},"# + "\n" + #" "x": {"$value": "hello"}}"#
        ])
        #expect(given.errors.count == 1)
        #expect(given.errors.first?.hasPrefix("tokens.json:2:") == true)
        #expect(given.attribute("x") == nil)
        #expect(try given.number("ok") == 1)
    }

    // MARK: Incremental

    @Test func editingATokensTypeCompilesAsFromScratch() throws {
        let before = Given.Files([
            "tokens.json": #"""
            {"a": {"$type": "number", "$value": 1}, "b": {"$value": "{a}"}, "c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 0, 0]}}}
            """#
        ])
        let text = before.texts["tokens.json"]!
        try Given.expectIncrementalEqualsFresh(
            before,
            before.with(
                "tokens.json",
                text.replacing(
                    #""$type": "number", "$value": 1"#,
                    with: #""$type": "dimension", "$value": {"value": 1, "unit": "rem"}"#)))
        try Given.expectIncrementalEqualsFresh(
            before, before.with("tokens.json", text.replacing(#""$value": 1}"#, with: #""$value": 2}"#)))
        try Given.expectIncrementalEqualsFresh(
            before, before.with("tokens.json", text.replacing("[1, 0, 0]", with: "[1, 0]")))
    }
}
