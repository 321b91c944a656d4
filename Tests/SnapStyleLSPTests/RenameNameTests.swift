import Testing

@testable import SnapStyleLSP

/// A rename's new name: refused when the format cannot take it, escaped for JSON where it can.
@Suite struct RenameNameTests {
    @Test(arguments: ["pa\"per", "pa\\per", "pa\nper", "9lives", "a..b", ""])
    func aNativeKeyTakesKeySyntaxOnly(name: String) {
        #expect(throws: LSPError.self) { try LanguageServer.checkedName(name, old: "paper", isToken: false) }
    }

    @Test func aTokenNameIsCheckedAndEscaped() throws {
        #expect(try LanguageServer.checkedName("beach", old: "palette.sand", isToken: true) == "palette.beach")
        #expect(
            try LanguageServer.checkedName("palette.sa\"nd", old: "palette.sand", isToken: true) == "palette.sa\"nd")
        for bad in ["palette.sa\nnd", "palette.$x", "colors.sand", "palette.{x}"] {
            #expect(throws: LSPError.self) { try LanguageServer.checkedName(bad, old: "palette.sand", isToken: true) }
        }
        #expect(LanguageServer.jsonEscaped("a\"b\\c\n\u{1}") == #"a\"b\\c\n\u0001"#)
        #expect(LanguageServer.pointerEscaped("a/b~c") == "a~1b~0c")
    }
}
