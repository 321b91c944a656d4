import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import Testing

/// A recompile after an edit takes over what the edit did not touch, and always equals a compile from scratch.
@Suite struct TokenMemoTests {
    /// The fixture without its group `$extends` (with one, every compile starts from scratch: see the last test).
    static let base = DTCGFixture.base.replacing(#""$extends": "{button}", "#, with: "")

    static let files = [
        "brand/base.tokens.json": base, "brand/type/typography.tokens.json": DTCGFixture.typography,
        "brand/type/fonts.tokens.json": DTCGFixture.fonts, "brand/theme/light.tokens.json": DTCGFixture.light,
        "brand/theme/dark.tokens.json": DTCGFixture.dark, "brand/theme/dark-hc.tokens.json": DTCGFixture.darkHC,
        "brand/size/compact.tokens.json": DTCGFixture.compact,
    ]

    static func parsed() throws -> (LocatedJSON, [String: LocatedJSON]) {
        (try Jansson.parseLocated(DTCGFixture.resolver), try files.mapValues { try Jansson.parseLocated($0) })
    }

    static func input(_ resolver: LocatedJSON, _ documents: [String: LocatedJSON]) -> DTCGInput {
        DTCGInput(resolver: ("brand.resolver.json", resolver), documents: documents, remBase: 10)
    }

    static func expectSame(_ a: DTCGCompilation, _ b: DTCGCompilation, _ comment: Comment) {
        for attribute in Attribute.allCases {
            #expect(a.layer[attribute] == b.layer[attribute], comment)
        }
        #expect(a.layer.tokens == b.layer.tokens, comment)
        #expect(Set(a.errors) == Set(b.errors), comment)
        #expect(Set(a.warnings) == Set(b.warnings), comment)
        #expect(a.tokenCount == b.tokenCount, comment)
    }

    /// Edits of the dark context's file that keep every line where it was.
    static let edits: [(name: String, dark: String, recompiled: Set<String>?)] = [
        ("a value", DTCGFixture.dark.replacing("[0, 0, 0]", with: "[0.1, 0.2, 0.3]"), ["surface.bg"]),
        ("an alias target", DTCGFixture.dark.replacing("{surface.bg}", with: "{color.red}"), ["surface.fg"]),
        ("a broken alias", DTCGFixture.dark.replacing("{surface.bg}", with: "{surface.nowhere}"), ["surface.fg"]),
        // A changed type changes what the keys naming it conclude: they are compiled again too, and theirs in turn.
        (
            "a type",
            DTCGFixture.dark.replacing(
                #""bg": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 1}}"#,
                with: #""bg": {"$type": "number", "$value": 4}"#), ["surface.bg", "surface.fg"]
        ),
        // A value in error leaves the key without an attribute: the same for the keys naming it (an editor's usual
        // keystroke, then its fix).
        (
            "a value in error",
            DTCGFixture.dark.replacing(
                #""bg": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 1}}"#,
                with: ##""bg": {"$value": "#zz"}"##), ["surface.bg", "surface.fg"]
        ),
        (
            "a new key",
            DTCGFixture.dark.replacing(#""fg": "#, with: #""new": {"$value": 1, "$type": "number"}, "fg": "#), nil
        ),
    ]

    @Test(arguments: edits.indices)
    func anEditRecompilesWhatItTouchedAndEqualsAFreshCompile(_ index: Int) throws {
        let edit = Self.edits[index]
        let (resolver, documents) = try Self.parsed()
        var memo = TokenMemo()
        let first = TokenCompiler.compile(Self.input(resolver, documents), themeName: "brand", memo: &memo)
        #expect(first.recompiled == nil)
        #expect(first.errors == [])

        var edited = documents
        edited["brand/theme/dark.tokens.json"] = try Jansson.parseLocated(edit.dark)
        let again = TokenCompiler.compile(Self.input(resolver, edited), themeName: "brand", memo: &memo)
        let fresh = TokenCompiler.compile(Self.input(resolver, edited), themeName: "brand")
        Self.expectSame(again, fresh, "\(edit.name)")
        #expect(again.recompiled == edit.recompiled)
        if let recompiled = edit.recompiled { #expect(memo.reusedKeys == again.tokenCount - recompiled.count) }
        // Undoing the edit gives back the first compile.
        let undone = TokenCompiler.compile(Self.input(resolver, documents), themeName: "brand", memo: &memo)
        Self.expectSame(undone, first, "undo \(edit.name)")
    }

    @Test func aFileParsedAgainUnchangedRecompilesNothing() throws {
        let (resolver, documents) = try Self.parsed()
        var memo = TokenMemo()
        let first = TokenCompiler.compile(Self.input(resolver, documents), themeName: "brand", memo: &memo)
        var reparsed = documents
        reparsed["brand/base.tokens.json"] = try Jansson.parseLocated(Self.base)
        let again = TokenCompiler.compile(Self.input(resolver, reparsed), themeName: "brand", memo: &memo)
        #expect(again.recompiled == [])
        #expect(memo.reusedKeys == first.tokenCount)
        Self.expectSame(again, first, "reparsed")
    }

    @Test func aThemeWithGroupExtendsCompilesFromScratchEachTime() throws {
        #expect(Self.base != DTCGFixture.base)
        var (resolver, documents) = try Self.parsed()
        documents["brand/base.tokens.json"] = try Jansson.parseLocated(DTCGFixture.base)
        var memo = TokenMemo()
        _ = TokenCompiler.compile(Self.input(resolver, documents), themeName: "brand", memo: &memo)
        documents["brand/theme/dark.tokens.json"] = try Jansson.parseLocated(Self.edits[0].dark)
        let again = TokenCompiler.compile(Self.input(resolver, documents), themeName: "brand", memo: &memo)
        #expect(again.recompiled == nil)
        Self.expectSame(again, TokenCompiler.compile(Self.input(resolver, documents), themeName: "brand"), "extends")
    }
}
