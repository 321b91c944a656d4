import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleTestSupport
import SnapStyleThemes
import Testing

/// The methods answered from themes (docs/protocol.md) and their errors (docs/protocol.md).
@Suite struct ProtocolMethodsTests {
    let roots: TemporaryDirectory
    let methods: StyleMethods

    /// Themes `parent` (extends snap) and `t` (extends parent), and `broken`, which never loaded.
    init() {
        let roots = TemporaryDirectory()
        roots.write(
            "parent.json",
            ##"""
            {
              "surface": {
                "probeColor": "#111111",
                "probeBase": "#222222"
              }
            }
            """##)
        roots.write(
            "t.json",
            ##"""
            {
              "theme": {"extends": "parent"},
              "surface": {
                "probeColor": {"when": [{"if": {"colorScheme": "dark"}, "then": {"ref": "probeBase"}}]}
              },
              "number": {"probeGap": 8, "probeRadius": 12},
              "font": {"probeTitle": {"size": 20, "weight": "bold"}},
              "shape": {"probeShape": {"roundedRectangle": "probeRadius"}},
              "container": {
                "probeCard": {
                  "shape": "probeShape", "requiresSecondaryAccent": true, "ignoresSafeAreaEdges": ["bottom"]
                }
              },
              "component": {
                "probeCard": {"container": "probeCard", "font": {"title": "probeTitle"}}
              }
            }
            """##)
        roots.write("broken.json", "{ nope")
        self.roots = roots
        methods = StyleMethods(store: loadedStore([roots.root]), defaultTheme: "snap")
    }

    func call(_ method: String, _ params: String) throws -> JSONValue {
        try #require(try methods.handle(method, json(params)))
    }

    func rpcError(_ method: String, _ params: String) -> RPCError? {
        do {
            _ = try methods.handle(method, json(params))
            return nil
        } catch {
            return error
        }
    }

    // MARK: resolve

    @Test func resolveOneKey() throws {
        let result = try call("resolve", #"{"theme": "t", "attribute": "number", "key": "probeGap"}"#)
        let expected = json(
            """
            {"theme": "t", "generation": 1, "attribute": "number", "key": "probeGap",
             "value": {"value": 8, "base": 8}}
            """)
        #expect(result.contains(expected), "\(Jansson.encode(result))")
        let scaled = try call(
            "resolve", #"{"theme": "t", "attribute": "number", "key": "probeGap", "context": {"scaleFactor": 2}}"#)
        #expect(scaled["value"]?.contains(json(#"{"value": 16, "base": 8}"#)) == true, "\(Jansson.encode(scaled))")
    }

    @Test func resolveWithoutAThemeUsesTheDefault() throws {
        let result = try call("resolve", #"{"attribute": "number", "key": "sheetCornerRadius"}"#)
        #expect(result.contains(json(#"{"theme": "snap", "value": {"value": 24, "base": 24}}"#)))
    }

    @Test func resolveQueriesAnswersEachEntry() throws {
        let result = try call(
            "resolve",
            """
            {"theme": "t", "queries": [
              {"attribute": "number", "key": "probeGap"},
              {"attribute": "number", "key": "probeGapp"},
              {"attribute": "surface", "key": "probeColor"}
            ]}
            """)
        #expect(result.contains(json(#"{"theme": "t", "generation": 1}"#)))
        let results = try #require(result["results"]?.arrayValue)
        try #require(results.count == 3)
        #expect(results[0].contains(json(#"{"attribute": "number", "key": "probeGap", "value": {"value": 8}}"#)))
        let error = try #require(results[1]["error"])
        #expect(error.contains(json(#"{"code": -32002, "data": {"attribute": "number", "key": "probeGapp"}}"#)))
        #expect(error["data"]?["suggestions"]?.arrayValue?.first == "probeGap")
        #expect(results[1]["value"] == nil)
        #expect(results[2].contains(json(##"{"key": "probeColor", "value": {"kind": "color", "hex": "#111111FF"}}"##)))
    }

    // MARK: resolveElement, resolveContainer

    @Test func resolveElementThroughTheComponent() throws {
        let result = try call(
            "resolveElement",
            #"{"theme": "t", "element": "title", "context": {"stack": [{"component": "probeCard"}]}}"#)
        let expected = json(
            """
            {"theme": "t", "generation": 1, "component": "probeCard",
             "element": {"type": "title", "hierarchy": "primary"},
             "font": {"key": "probeTitle", "value": {"size": 20, "baseSize": 20, "weight": "bold", "width": "standard",
                                                    "design": "default", "textStyle": "body"}},
             "composition": {"key": null, "value": null}, "padding": {"key": null, "value": null},
             "shape": {"key": null, "value": null}}
            """)
        #expect(result.contains(expected), "\(Jansson.encode(result))")
        let defined = try call(
            "resolveElement",
            #"{"theme": "t", "element": "icon.secondary", "define": {"font": {"icon": "probeTitle"}}}"#)
        #expect(defined.contains(json(#"{"element": {"type": "icon", "hierarchy": "secondary"}}"#)))
        #expect(defined["font"]?["key"] == "probeTitle")
    }

    @Test func resolveContainerReportsTheCurrentContainer() throws {
        let result = try call(
            "resolveContainer",
            """
            {"theme": "t",
             "context": {"stack": [{"component": "probeCard", "state": "selected"}, {"container": "probeCard"}]}}
            """)
        let expected = json(
            """
            {"theme": "t", "generation": 1, "container": "probeCard", "state": "normal", "level": 2, "levelOverall": 1,
             "shape": {"key": "probeShape",
                       "value": {"shape": "roundedRectangle", "cornerRadius": 12, "radiusKey": "probeRadius"}},
             "surface": {"key": null, "value": null}, "composition": {"key": null, "value": null},
             "padding": {"key": null, "value": null}, "border": {"key": null, "value": null},
             "requiresSecondaryAccent": true, "ignoresSafeAreaEdges": ["bottom"]}
            """)
        #expect(result.contains(expected), "\(Jansson.encode(result))")
    }

    // MARK: explain

    @Test func explainListsTheDefinitionsConsultedTopLayerFirst() throws {
        // Light: t's `when` matches nothing and falls through to parent's value.
        let light = try call("explain", #"{"theme": "t", "attribute": "surface", "key": "probeColor"}"#)
        let expected = json(
            ##"""
            {"theme": "t", "generation": 1, "attribute": "surface", "key": "probeColor",
             "value": {"kind": "color", "hex": "#111111FF"},
             "steps": [
               {"layer": "t", "file": "t.json", "line": 4, "kind": "when", "case": null, "result": "none",
                "attribute": "surface", "key": "probeColor",
                "definition": "when colorScheme = dark → ref probeBase"},
               {"layer": "parent", "file": "parent.json", "line": 3, "kind": "value", "case": null, "result": "value",
                "attribute": "surface", "key": "probeColor", "definition": "#111111FF"}
             ],
             "dependsOn": []}
            """##)
        #expect(light.contains(expected), "\(Jansson.encode(light))")
    }

    @Test func explainNamesTheCaseAndWhatTheValueReads() throws {
        let dark = try call(
            "explain",
            #"{"theme": "t", "attribute": "surface", "key": "probeColor", "context": {"colorScheme": "dark"}}"#)
        let expected = json(
            ##"""
            {"value": {"kind": "color", "hex": "#222222FF"},
             "steps": [
               {"layer": "t", "file": "t.json", "line": 4, "kind": "when", "case": 0, "result": "ref probeBase"},
               {"layer": "parent", "file": "parent.json", "line": 4, "kind": "value", "case": null, "result": "value",
                "attribute": "surface", "key": "probeBase", "definition": "#222222FF"}
             ],
             "dependsOn": [{"attribute": "surface", "key": "probeBase"}]}
            """##)
        #expect(dark.contains(expected), "\(Jansson.encode(dark))")
    }

    // MARK: keys, themes

    @Test func keysListsEachKeyWhereItsTopDefinitionIs() throws {
        let numbers = try call("keys", #"{"theme": "t", "attribute": "number"}"#)
        #expect(numbers.contains(json(#"{"theme": "t", "generation": 1}"#)))
        #expect(numbers["keys"]?.objectValue?.keys == ["number"])
        let list = try #require(numbers["keys"]?["number"]?.arrayValue)
        #expect(list.contains { $0.contains(json(#"{"key": "probeGap", "file": "t.json", "line": 6}"#)) })
        let preset = json(#"{"key": "spacingGroups", "file": "snap/number.json", "line": 6}"#)
        #expect(list.contains { $0.contains(preset) })
        let names = list.compactMap { $0["key"]?.stringValue }
        #expect(names == names.sorted())
        #expect(numbers["containers"]?.arrayValue?.contains("probeCard") == true)
        #expect(numbers["components"]?.arrayValue?.contains("probeCard") == true)
        // probeColor is defined in parent and in t: t's definition is the top one.
        let surfaces = try #require(try call("keys", #"{"theme": "t", "attribute": "surface"}"#)["keys"]?["surface"])
        let probe = try #require(surfaces.arrayValue?.first(where: { $0["key"] == "probeColor" }))
        #expect(probe.contains(json(#"{"file": "t.json", "line": 4}"#)))
    }

    @Test func themesReportsEveryTheme() throws {
        let result = try call("themes", "{}")
        #expect(result["default"] == "snap")
        let themes = try #require(result["themes"]?.arrayValue)
        let t = try #require(themes.first(where: { $0["name"] == "t" }))
        let expected = json(
            """
            {"name": "t", "source": "config", "extends": "parent", "state": "loaded", "generation": 1,
             "files": ["t.json"], "errors": [], "shadowed": []}
            """)
        #expect(t.contains(expected), "\(Jansson.encode(t))")
        #expect(t["root"] == .string(roots.path))
        let broken = try #require(themes.first(where: { $0["name"] == "broken" }))
        #expect(broken.contains(json(#"{"state": "error", "generation": 0}"#)))
        #expect(broken["errors"]?.arrayValue?.first?["file"] == "broken.json")
        let snap = try #require(themes.first(where: { $0["name"] == "snap" }))
        #expect(snap.contains(json(#"{"source": "builtin", "state": "loaded", "extends": null}"#)))
    }

    // MARK: Errors

    @Test func invalidParamsNameTheField() throws {
        let query = try #require(
            rpcError(
                "resolve",
                """
                {"theme": "t",
                 "queries": [{"attribute": "number", "key": "probeGap"}, {"attribute": "colour", "key": "x"}]}
                """))
        #expect(query.code == -32602)
        #expect(query.data?["field"] == "queries.1.attribute")
        let missing = try #require(rpcError("resolve", #"{"theme": "t", "attribute": "number"}"#))
        #expect(missing.code == -32602)
        #expect(missing.data?["field"] == "key")
        let unknown = try #require(rpcError("resolve", #"{"theme": "t", "attr": "number", "key": "probeGap"}"#))
        #expect(unknown.code == -32602)
        #expect(unknown.data?["field"] == "attr")
        let define = try #require(
            rpcError("resolveElement", #"{"theme": "t", "element": "title", "define": {"colour": {}}}"#))
        #expect(define.code == -32602)
        #expect(define.data?["field"] == "define.colour")
    }

    @Test func unknownTheme() throws {
        let error = try #require(rpcError("resolve", #"{"theme": "nosuch", "attribute": "number", "key": "probeGap"}"#))
        #expect(error.code == -32001)
        #expect(error.data?["theme"] == "nosuch")
        let available = error.data?["available"]?.arrayValue ?? []
        for name in ["parent", "snap", "t"] { #expect(available.contains(.string(name)), "\(available)") }
    }

    @Test func unknownKey() throws {
        let error = try #require(rpcError("resolve", #"{"theme": "t", "attribute": "number", "key": "probeGapp"}"#))
        #expect(error.code == -32002)
        #expect(error.data?["attribute"] == "number")
        #expect(error.data?["key"] == "probeGapp")
        let suggestions = error.data?["suggestions"]?.arrayValue ?? []
        #expect(suggestions.first == "probeGap")
        #expect(suggestions.count <= 5)
        let explain = try #require(rpcError("explain", #"{"theme": "t", "attribute": "font", "key": "probeGap"}"#))
        #expect(explain.code == -32002)
    }

    @Test func invalidContext() throws {
        let state = try #require(
            rpcError(
                "resolve",
                """
                {"theme": "t", "attribute": "number", "key": "probeGap",
                 "context": {"stack": [{"component": "probeCard"}, {"container": "probeCard", "state": "pressed"}]}}
                """))
        #expect(state.code == -32003)
        #expect(state.data?["field"] == "stack.1.state")
        #expect(
            state.data?["allowed"] == json(#"["disabled", "inactive", "normal", "highlighted", "selected"]"#))
        let component = try #require(
            rpcError(
                "resolveContainer", #"{"theme": "t", "context": {"stack": [{"component": "probeCardd"}]}}"#))
        #expect(component.code == -32003)
        #expect(component.data?["field"] == "stack.0.component")
        // A context that is not an object is an ill-typed parameter, named by its path in params.
        let notObject = try #require(
            rpcError("resolve", #"{"theme": "t", "attribute": "number", "key": "probeGap", "context": 5}"#))
        #expect(notObject.code == -32602)
        #expect(notObject.data?["field"] == "context")
        let nested = try #require(
            rpcError(
                "resolve", #"{"theme": "t", "queries": [{"attribute": "number", "key": "probeGap", "context": []}]}"#))
        #expect(nested.code == -32602)
        #expect(nested.data?["field"] == "queries.0.context")
    }

    @Test func aThemeThatNeverLoadedIsUnavailable() throws {
        let error = try #require(rpcError("resolve", #"{"theme": "broken", "attribute": "number", "key": "x"}"#))
        #expect(error.code == -32004)
        #expect(error.data?["theme"] == "broken")
        let errors = error.data?["errors"]?.arrayValue ?? []
        #expect(!errors.isEmpty)
        #expect(errors.first?["file"] == "broken.json")
    }

    // MARK: Overrides

    @Test func overridesAreATopLayerForOneRequest() throws {
        let overridden = try call(
            "resolve",
            #"{"theme": "t", "attribute": "number", "key": "probeGap", "overrides": {"number": {"probeGap": 20}}}"#)
        #expect(overridden["value"]?.contains(json(#"{"value": 20, "base": 20}"#)) == true)
        // The next request has no overrides.
        let plain = try call("resolve", #"{"theme": "t", "attribute": "number", "key": "probeGap"}"#)
        #expect(plain["value"]?.contains(json(#"{"value": 8, "base": 8}"#)) == true)
        // Overrides may refer to the theme's keys, and add keys of their own.
        let referring = try call(
            "resolve",
            """
            {"theme": "t", "attribute": "surface", "key": "probeColor",
             "overrides": {"surface": {"probeColor": {"ref": "probeBase"}}}}
            """)
        #expect(referring["value"]?["hex"] == "#222222FF")
        let added = try call(
            "resolve",
            #"{"theme": "t", "attribute": "number", "key": "probeNew", "overrides": {"number": {"probeNew": 3}}}"#)
        #expect(added["value"]?.contains(json(#"{"value": 3, "base": 3}"#)) == true)
    }

    @Test func explainShowsTheOverridesLayer() throws {
        let result = try call(
            "explain",
            """
            {"theme": "t", "attribute": "surface", "key": "probeColor",
             "overrides": {"surface": {"probeColor": "#333333"}}}
            """)
        let expected = json(
            ##"""
            {"value": {"hex": "#333333FF"},
             "steps": [{"layer": "overrides", "file": "overrides", "kind": "value", "case": null, "result": "value"}]}
            """##)
        #expect(result.contains(expected), "\(Jansson.encode(result))")
    }

    /// Overrides, and the member an error names, as a dotted path in `params`.
    static let invalidOverrides = [
        (#"{"number": {"probeGap": "wide"}}"#, "overrides.number.probeGap"),
        (#"{"number": {"probeGap": {"calc": "1 +"}}}"#, "overrides.number.probeGap.calc"),
        (#"{"font": {"probeFont": {"size": 12, "weight": "fat"}}}"#, "overrides.font.probeFont.weight"),
        (#"{"theme": {"extends": null}}"#, "overrides.theme"),
        (#"{"surface": {"probeColor": {"ref": "probeMissing"}}}"#, "overrides.surface.probeColor"),
        (#"{"numbers": {"probeGap": 1}}"#, "overrides.numbers"),
        (#"[1]"#, "overrides"),
    ]

    @Test(arguments: ProtocolMethodsTests.invalidOverrides)
    func invalidOverridesAreInvalidParams(_ overrides: String, _ field: String) throws {
        let params = #"{"theme": "t", "attribute": "number", "key": "probeGap", "overrides": \#(overrides)}"#
        let error = try #require(rpcError("resolve", params))
        #expect(error.code == -32602)
        #expect(error.data?["field"]?.stringValue == field)
        let reason = try #require(error.data?["reason"]?.stringValue)
        #expect(!reason.hasPrefix("overrides:"), "a position in the daemon's own text: \(reason)")
    }
}
