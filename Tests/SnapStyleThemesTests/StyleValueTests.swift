import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleThemes
import Testing

/// Clients read resolved values, error data and `reload` answers as types (`StyleValue`, `RPCError.Details`,
/// `ReloadResult`): every value of every key of the example themes and the DTCG fixture reads as its attribute's
/// case, with the attribute given and without it.
@Suite struct StyleValueTests {
    let roots = ExportRoundTripTests.sources()
    let methods: StyleMethods

    init() { methods = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "snap") }

    func answer(_ method: Method, _ params: JSONValue) throws -> JSONValue {
        try #require(try methods.answer(method, params))
    }

    static func matches(_ value: StyleValue, _ attribute: Attribute) -> Bool {
        switch (value, attribute) {
        case (.color, .surface), (.material, .surface), (.gradient, .surface), (.number, .number), (.font, .font),
            (.padding, .padding), (.shape, .shape), (.icon, .icon), (.composition, .composition),
            (.accent, .accent), (.token, .token):
            true
        default: false
        }
    }

    @Test(arguments: ["snap", "ocean", "brand"])
    func everyResolvedValueReadsAsItsAttributesCase(theme: String) throws {
        let keys = try #require(KeysResult(json: try answer(.keys, ["theme": .string(theme)])))
        var read = 0
        for list in keys.keys {
            for entry in list.entries {
                let result = try #require(
                    ResolveResult(
                        json: try answer(
                            .resolve,
                            [
                                "theme": .string(theme), "attribute": .string(list.attribute.rawValue),
                                "key": .string(entry.key),
                            ])))
                guard let json = result.value else { continue }
                let typed = try #require(StyleValue(json: json, attribute: list.attribute), "\(entry.key)")
                #expect(Self.matches(typed, list.attribute), "\(list.attribute) \(entry.key): \(typed)")
                // Without the attribute the form alone tells it, but for a token, whose value may look like any.
                if list.attribute != .token { #expect(StyleValue(json: json) == typed, "\(entry.key)") }
                read += 1
            }
        }
        #expect(read > 20)
    }

    @Test func aCompositionsLayersAreKeyedColors() throws {
        let json = try answer(.resolve, ["attribute": "composition", "key": "containerContentCard"])
        guard case .composition(let layers)? = ResolveResult(json: json)?.value.flatMap({ StyleValue(json: $0) })
        else {
            Issue.record("no composition in \(Jansson.encode(json))")
            return
        }
        let background = try #require(layers[1])
        #expect(background.key != nil)
        guard case .color(let color)? = background.value else {
            Issue.record("the background is not a color: \(String(describing: background.value))")
            return
        }
        #expect(color.hex.hasPrefix("#") && color.rgba.count == 4)
    }

    @Test func errorDataReadsAsDetails() throws {
        do {
            _ = try methods.answer(.resolve, ["attribute": "surface", "key": "acent"])
            Issue.record("an unknown key should be an error")
        } catch {
            let details = error.details
            #expect(error.code == RPCError.unknownKeyCode)
            #expect(details.attribute == "surface" && details.key == "acent" && details.suggestions.contains("accent"))
            #expect(error.explanation.contains("did you mean 'accent'"))
        }
    }

    @Test func aReloadAnswerReadsBackToTheSameJSON() throws {
        let result = ReloadResult(
            changes: [
                ThemeChangedEvent(theme: "ocean", generation: 0, changed: [.surface: ["sea"], .number: ["gap"]])
            ],
            errors: [
                .init(theme: "broken", error: ThemeFileError(file: "broken.json", line: 2, column: 5, message: "x"))
            ]
        )
        let read = try #require(ReloadResult(json: result.json))
        #expect(read == result)
        #expect(Jansson.encode(read.json) == Jansson.encode(result.json))
    }
}
