import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// Parsing one theme file: errors with their exact place (docs/theme-format.md), and `$` members.
@Suite struct ThemeFileTests {
    static let path = "ocean/bad.json"

    static func parse(_ text: String) -> ThemeFile {
        ThemeFile.parse(path: path, text: text, themeName: "ocean")
    }

    /// The only error of a file; also checks its file and its `path:line:column: message` description.
    static func onlyError(_ text: String) throws -> ThemeError {
        let errors = parse(text).errors
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.file == path)
        #expect(error.description == "\(path):\(error.line):\(error.column): \(error.message)")
        return error
    }

    /// `line:column`.
    static func place(_ error: ThemeError) -> String { "\(error.line):\(error.column)" }

    @Test func invalidJSON() throws {
        let error = try Self.onlyError(
            """
            {
              "font": {
                "title": {"size": 17,, "weight": "bold"}
              }
            }
            """)
        #expect(Self.place(error) == "3:26")  // jansson stops at the second comma
        #expect(error.message.hasPrefix("invalid JSON"))
        #expect(error.description.hasPrefix("ocean/bad.json:3:26: invalid JSON"))
    }

    @Test func unknownTopLevelSection() throws {
        let error = try Self.onlyError(
            """
            {
              "numbers": {"gap": 1}
            }
            """)
        #expect(Self.place(error) == "2:3")
        #expect(error.message.contains("'numbers'"))
    }

    @Test func unknownMemberInsideAFontLiteral() throws {
        let error = try Self.onlyError(
            """
            {
              "font": {
                "title": {"size": 17, "wieght": "bold"}
              }
            }
            """)
        #expect(Self.place(error) == "3:27")  // the member's key
        #expect(error.message.contains("'wieght'"))
        #expect(error.message.contains("title"))
    }

    @Test func aKeyWithBadSyntax() throws {
        let error = try Self.onlyError(
            """
            {
              "number": {
                "gap": 4,
                "2col": 4
              }
            }
            """)
        #expect(Self.place(error) == "4:5")
        #expect(error.message.contains("'2col'"))
    }

    @Test func aBadHexColor() throws {
        let error = try Self.onlyError(
            """
            {
              "surface": {
                "brand": "#12345"
              }
            }
            """)
        #expect(Self.place(error) == "3:14")  // the value
        #expect(error.message.contains("'#12345'"))
        #expect(error.message.contains("brand"))
    }

    @Test func aValueOutsideItsSet() throws {
        let error = try Self.onlyError(
            """
            {
              "font": {
                "title": {"size": 17, "weight": "fat"}
              }
            }
            """)
        #expect(Self.place(error) == "3:37")
        #expect(error.message.contains("'fat'"))
        #expect(error.message.contains("weight"))
    }

    @Test func anUnknownPredicateMember() throws {
        let error = try Self.onlyError(
            """
            {
              "surface": {
                "fg": {
                  "when": [
                    {"if": {"colourScheme": "dark"}, "then": "#000000"}
                  ]
                }
              }
            }
            """)
        #expect(Self.place(error) == "5:17")  // the member's key
        #expect(error.message.contains("'colourScheme'"))
    }

    @Test func aPredicateValueOutsideItsSet() throws {
        let error = try Self.onlyError(
            """
            {
              "surface": {
                "fg": {
                  "when": [
                    {"if": {"colorScheme": "sepia"}, "then": "#000000"}
                  ]
                }
              }
            }
            """)
        #expect(Self.place(error) == "5:32")  // the value
        #expect(error.message.contains("'sepia'"))
    }

    @Test func adjustOnANonSurfaceAttribute() throws {
        let error = try Self.onlyError(
            """
            {
              "number": {
                "a": 1,
                "b": {"ref": "a", "adjust": [{"opacity": 0.5}]}
              }
            }
            """)
        #expect(Self.place(error) == "4:33")  // the adjust value
        #expect(error.message.contains("adjust"))
        #expect(error.message.contains("'b'"))
    }

    /// Calc expressions and the column of their error in `    "x": {"calc": "EXPR"}`: the string's opening quote
    /// is column 19, so the error is at 19 + 1 + offset.
    static let calcErrors: [(String, Int)] = [
        ("1 + * 2", 24),  // offset 4
        ("max(1,", 26),  // offset 6
        ("foo(2)", 20),  // offset 0
        ("{bad key}", 21),  // offset 1
        ("$nope", 20),  // offset 0
    ]

    @Test(arguments: ThemeFileTests.calcErrors)
    func aCalcSyntaxErrorPointsIntoTheString(_ expression: String, _ column: Int) throws {
        let error = try Self.onlyError(
            """
            {
              "number": {
                "x": {"calc": "\(expression)"}
              }
            }
            """)
        #expect(Self.place(error) == "3:\(column)")
        #expect(error.message.contains("calc"))
    }

    @Test func everyErrorOfAFileIsReported() {
        let errors = Self.parse(
            """
            {
              "font": {
                "title": {"size": 17, "wieght": "bold"}
              },
              "surface": {
                "brand": "#12345"
              }
            }
            """
        ).errors
        #expect(errors.map(Self.place) == ["3:27", "6:14"])
    }

    @Test func aKeyDefinedTwiceInOneFileNamesBothPlaces() throws {
        // Theme format 2: "the same key defined twice in the same section (in one file or in two) is an error
        // that names both places".
        let error = try Self.onlyError(
            """
            {
              "number": {
                "gap": 1,
                "gap": 2
              }
            }
            """)
        #expect(error.line == 4)
        #expect(error.message.contains("3:5"), "\(error)")
    }

    @Test func dollarMembersAreIgnoredAnywhere() throws {
        let file = Self.parse(
            """
            {
              "$schema": "https://example.com/snapstyle-theme.json",
              "$comment": "every member starting with $ is ignored",
              "theme": {"$comment": "manifest", "extends": null},
              "number": {
                "$comment": "a section",
                "gap": {"$comment": "calc", "calc": "2 + 2", "scaled": false}
              },
              "font": {"title": {"$description": "font", "size": 17}},
              "padding": {"card": {"$comment": "padding", "all": 8}},
              "surface": {
                "fg": {
                  "$comment": "when",
                  "when": [
                    {"$comment": "case", "if": {"$comment": "predicate", "colorScheme": "dark"}, "then": "#000000"}
                  ],
                  "else": {"$comment": "color", "white": 1}
                },
                "faded": {"ref": "fg", "$comment": "ref", "adjust": [{"$comment": "adjustment", "opacity": 0.5}]}
              },
              "container": {"card": {"$comment": "container", "padding": "card"}},
              "component": {
                "card": {"$comment": "component", "container": "card", "font": {"$comment": "map", "title": "title"}}
              }
            }
            """)
        #expect(file.errors == [])
        #expect(file.manifest != nil)
        #expect(file.manifest?.extends == nil)
        let sum = CalcExpression.binary(.add, .number(2), .number(2))
        #expect(file.layer.entry(.number, "gap")?.definition == .value(.number(.calc(sum, scaled: false))))
        #expect(file.layer.entry(.font, "title")?.definition == .value(.font(FontLiteral(size: 17))))
        let eight = NumberSpec.constant(8)
        let padding = PaddingLiteral(leading: eight, top: eight, trailing: eight, bottom: eight)
        #expect(file.layer.entry(.padding, "card")?.definition == .value(.padding(padding)))
        let dark = SnapStyleEngine.Predicate(
            tests: [SnapStyleEngine.Predicate.Test(member: .colorScheme, matcher: .equals(.string("dark")))])
        let fg = Definition.when(
            [Definition.Case(predicate: dark, then: .value(.surface(.color(.rgba(RGBA(r: 0, g: 0, b: 0))))))],
            else: .value(.surface(.color(.rgba(RGBA(r: 1, g: 1, b: 1))))))
        #expect(file.layer.entry(.surface, "fg")?.definition == fg)
        #expect(file.layer.entry(.surface, "faded")?.definition == .ref("fg", adjust: [.opacity(0.5)]))
        #expect(file.layer.containers["card"]?.definition.padding == .set("card"))
        let mapping: ElementMapping = [.title: "title"]
        #expect(file.layer.components["card"]?.definition.mappings[.font] == .set(mapping))
    }

    @Test func definitionsRecordWhereTheyAreWritten() throws {
        let file = Self.parse(
            """
            {
              "number": {
                "gap": 4,
                  "wide": 8
              }
            }
            """)
        #expect(file.errors == [])
        let wide = try #require(file.layer.entry(.number, "wide"))
        #expect(wide.location.file == Self.path)
        #expect(wide.location.line == 4)
        #expect(wide.location.column == 7)
    }

    @Test(arguments: ["", "   \n", "\n\n"])
    func anEmptyFileIsPlacedAtOneBasedPositions(_ text: String) throws {
        let error = try Self.onlyError(text)
        #expect(error.line >= 1 && error.column >= 1, "\(error)")
        #expect(error.message.hasPrefix("invalid JSON"))
    }

    /// An earlier error in the file does not hide a later definition's own error.
    @Test func everyBrokenDefinitionIsReported() {
        let errors = Self.parse(
            """
            {
              "surface": {
                "a": "#zzz",
                "m": {"meshGradient": {"width": 2, "height": 0, "points": [], "colors": []}},
                "l": {"linearGradient": {"colors": ["#000000"], "startPoint": "top", "endPoint": "nowhere"}}
              }
            }
            """
        ).errors
        #expect(errors.map { "\($0.line)" } == ["3", "4", "5"], "\(errors)")
        #expect(errors[1].message.contains("meshGradient: width and height must be integers from 1 to 100"))
        #expect(errors[2].message.contains("endPoint must be one of zero, top,"))
    }

    @Test func gradientPointsAreSwiftUIUnitPoints() {
        let file = Self.parse(
            """
            {"surface": {"g": {"linearGradient": {"colors": ["#000000", "#FFFFFF"], "startPoint": "zero",
              "endPoint": [1, 0.5]}}}}
            """)
        #expect(file.errors.isEmpty, "\(file.errors)")
    }

    @Test func aRoundedRectangleNeedsARadius() throws {
        let error = try Self.onlyError(#"{"shape": {"card": {"roundedRectangle": null}}}"#)
        #expect(Self.place(error) == "1:41")
        #expect(error.message == "shape 'card': roundedRectangle: expected a number key or a number")
    }
}

/// A native font may carry what a typography token carries: family, numeric weight, line height, letter spacing.
@Suite struct NativeFontDetailsTests {
    @Test func theDetailsResolve() throws {
        let roots = TemporaryDirectory()
        roots.write(
            "type.json",
            ##"""
            {"font": {
              "body": {"size": 16, "weight": "medium", "family": ["Inter", "system-ui"], "weightValue": 550,
                       "lineHeight": 1.5, "letterSpacing": -0.2},
              "mono": {"size": 13, "family": "JetBrains Mono"}
            }}
            """##)
        let methods = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "type")
        let body = try #require(try methods.handle("resolve", json(#"{"attribute": "font", "key": "body"}"#)))
        #expect(body["value"]?["family"] == "Inter")
        #expect(body["value"]?["families"] == ["Inter", "system-ui"])
        #expect(body["value"]?["weightValue"] == .number(550))
        #expect(body["value"]?["lineHeight"] == .number(1.5))
        #expect(body["value"]?["letterSpacing"] == .number(-0.2))
        let mono = try #require(try methods.handle("resolve", json(#"{"attribute": "font", "key": "mono"}"#)))
        #expect(mono["value"]?["family"] == "JetBrains Mono")
        #expect(mono["value"]?["lineHeight"] == nil)
    }

    @Test(arguments: [
        (#"{"size": 16, "family": []}"#, "family"), (#"{"size": 16, "family": ["A", 3]}"#, "family"),
        (#"{"size": 16, "weightValue": 0}"#, "weightValue"), (#"{"size": 16, "lineHeight": 0}"#, "lineHeight"),
        (#"{"size": 16, "letterSpacing": "wide"}"#, "letterSpacing"),
    ])
    func badDetailsAreErrorsAtTheirPlace(literal: String, member: String) throws {
        let error = try ThemeFileTests.onlyError("{\"font\": {\"body\": \(literal)}}")
        #expect(error.message.contains(member), "\(error.message)")
        #expect(error.line == 1)
    }
}
