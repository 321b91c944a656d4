import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import Testing

/// docs/dtcg.md section 2, "Aliases": a group's `$extends` (`"{group}"` or `"#/group"`) is a deep merge of the group
/// it names, where the group's own tokens win; a cycle, a `$extends` naming a token, and a chain of more than 64
/// groups are errors of the theme.
@Suite struct ExtendsTests {
    static func given(_ extends: String) throws -> Given {
        try Given(["tokens.json": text(extends)])
    }

    /// Given either form of `$extends`, want the merged group: its own tokens win, the rest comes from the base,
    /// nested groups merged member by member.
    @Test(arguments: ["{button}", "#/button"])
    func aGroupExtendsAnotherByDeepMerge(extends: String) throws {
        let given = try Self.given(extends)
        #expect(given.errors == [])
        #expect(try given.number("button-large.height") == 56)
        #expect(try given.number("button-large.radius") == 4)
        #expect(try given.number("button-large.padding.x") == 20)
        #expect(try given.number("button-large.padding.y") == 8)
        // The base is unchanged.
        #expect(try given.number("button.height") == 40)
        #expect(try given.number("button.padding.x") == 12)
    }

    @Test func extendsChainAndNestedGroups() throws {
        let given = try Given([
            "tokens.json": #"""
            {"ui": {"base": {"$type": "number", "a": {"$value": 1}, "b": {"$value": 2}, "c": {"$value": 3}}},
             "mid": {"$extends": "{ui.base}", "b": {"$type": "number", "$value": 20}},
             "top": {"$extends": "#/mid", "c": {"$type": "number", "$value": 30}}}
            """#
        ])
        #expect(given.errors == [])
        #expect(try ["a", "b", "c"].map { try given.number("top.\($0)") } == [1, 20, 30])
        #expect(try ["a", "b", "c"].map { try given.number("mid.\($0)") } == [1, 20, 3])
    }

    /// Given groups that extend in a cycle or name a token, want an error that refuses the theme's new state.
    @Test(arguments: [
        (#"{"a": {"$extends": "{b}", "x": {"$type": "number", "$value": 1}}, "b": {"$extends": "{a}"}}"#, ["a", "b"]),
        (#"{"a": {"$extends": "{a}", "x": {"$type": "number", "$value": 1}}}"#, ["a"]),
        (
            ##"{"a": {"$extends": "{c}"}, "b": {"$extends": "{a}"}, "c": {"$extends": "#/b", "x": {"$type": "number", "$value": 1}}}"##,
            ["a", "b", "c"]
        ),
        (#"{"t": {"$type": "number", "$value": 1}, "g": {"$extends": "{t}"}}"#, ["t"]),
        (##"{"t": {"$type": "number", "$value": 1}, "g": {"$extends": "#/t"}}"##, ["t"]),
    ])
    func anExtendsCycleOrOneNamingATokenIsAThemeError(text: String, named: [String]) throws {
        let given = try Given(["tokens.json": text])
        #expect(given.compilation.themeErrors.count >= 1, "\(given.errors)")
        for error in given.compilation.themeErrors { #expect(error.location.file == "tokens.json") }
        let messages = given.compilation.themeErrors.map(\.message).joined(separator: "\n")
        for name in named { #expect(messages.contains(name), "\(messages)") }
    }

    /// A chain of `$extends` through more than 64 groups is an error at each such group.
    @Test func anExtendsChainPastSixtyFourGroupsIsAnError() throws {
        var groups = [#""g0": {"x": {"$type": "number", "$value": 1}}"#]
        for index in 1...70 { groups.append(#""g\#(index)": {"$extends": "{g\#(index - 1)}"}"#) }
        let given = try Given(["tokens.json": "{" + groups.joined(separator: ",\n") + "}"])
        let lines = Set(given.compilation.themeErrors.map(\.location.line))
        #expect(!lines.isEmpty)
        // The group `gN` is on line N + 1.
        #expect(lines.contains(71), "\(given.errors)")
        #expect(lines.isSubset(of: Set(64...71)), "\(given.errors)")
        #expect(lines.isSuperset(of: Set(66...71)), "\(given.errors)")
    }

    @Test func aChainOfSixtyGroupsIsRead() throws {
        var groups = [#""g0": {"x": {"$type": "number", "$value": 1}}"#]
        for index in 1...60 { groups.append(#""g\#(index)": {"$extends": "{g\#(index - 1)}"}"#) }
        let given = try Given(["tokens.json": "{" + groups.joined(separator: ",\n") + "}"])
        #expect(given.errors == [])
        #expect(try given.number("g60.x") == 1)
    }

    @Test func editingAnExtendedGroupCompilesAsFromScratch() throws {
        let before = Given.Files(["tokens.json": Self.text("{button}")])
        let text = before.texts["tokens.json"]!
        for (old, new) in [
            (#""radius": {"$value": 4}"#, #""radius": {"$value": 6}"#),
            (#""$extends": "{button}", "#, ""),
            (#""height": {"$value": 56}"#, #""height": {"$value": 40}"#),
            (#""{button}""#, #""{button-large}""#),
        ] {
            try Given.expectIncrementalEqualsFresh(before, before.with("tokens.json", text.replacing(old, with: new)))
        }
        let removed = try Given(before.with("tokens.json", text.replacing(#""$extends": "{button}", "#, with: "")))
        #expect(removed.attribute("button-large.radius") == nil)
    }

    static func text(_ extends: String) -> String {
        #"""
        {"button": {"$type": "number",
           "height": {"$value": 40}, "radius": {"$value": 4},
           "padding": {"x": {"$value": 12}, "y": {"$value": 8}}},
         "button-large": {"$extends": "\#(extends)", "$type": "number",
           "height": {"$value": 56},
           "padding": {"x": {"$value": 20}}}}
        """#
    }
}
