import Foundation
import SnapStyleJSON
import SnapStyleJansson
import Testing

/// Large texts parsed in pieces give exactly what one jansson parse gives: the same value, or the same error.
@Suite struct JanssonPiecesTests {
    /// About `count` × 100 bytes: tokens in nested groups, strings with quotes, braces and escapes, arrays.
    static func tokens(_ count: Int, groups: Int = 1) -> String {
        let perGroup = count / groups
        let body = (0..<groups).map { group in
            let members = (0..<perGroup).map { index in
                #""t\#(index)": {"$type": "color", "$value": {"components": [0.5, \#(index % 7), 1e2], "#
                    + ##""hex": "#\##(String(format: "%06x", index))"}, "$description": "a \"quoted\" {brace} [\##(index)] \\ \u00e9"}"##
            }
            return #""g\#(group)": {"# + members.joined(separator: ",\n  ") + "}"
        }
        return "{\n" + body.joined(separator: ",\n") + ",\n\"list\": ["
            + (0..<(count / 2)).map { "\($0)" }.joined(separator: ", ")
            + ", {\"x\": [[], {}, \"]\"]}]\n}\n"
    }

    static func both(_ text: String) -> (Result<JSONValue, JSONParseError>, Result<JSONValue, JSONParseError>) {
        let bytes = Array(text.utf8)
        let whole = Result { () throws(JSONParseError) in try Jansson.parse(bytes: bytes) }
        let pieces = Result { () throws(JSONParseError) in try Jansson.parseInPieces(bytes: bytes) }
        return (whole, pieces)
    }

    @Test(arguments: [(20_000, 1), (30_000, 3), (5_000, 1)])
    func aLargeTextGivesTheSameValue(count: Int, groups: Int) throws {
        let text = Self.tokens(count, groups: groups)
        #expect(text.utf8.count > 300_000)
        let (whole, pieces) = Self.both(text)
        #expect(try pieces.get() == whole.get())
    }

    @Test(arguments: [
        ("a missing comma", #""t5": {"#, #""t5" {"#),
        ("a trailing comma", "\n}\n", ",\n}\n"),
        ("a key twice in the large object", #""g0": {"#, #""list": 1, "g0": {"#),
        ("text after the value", "\n}\n", "\n} x\n"),
        ("an empty member", #""t7": {"#, #", "t7": {"#),
        ("invalid UTF-8 in a string", "quoted", "quo\u{FFFD}ted"),
    ])
    func aBrokenLargeTextGivesJanssonsError(what: String, find: String, replace: String) throws {
        var text = Self.tokens(20_000)
        let range = try #require(text.range(of: find, options: .backwards))
        text.replaceSubrange(range, with: replace)
        var bytes = Array(text.utf8)
        if what.contains("UTF-8"), let index = bytes.firstIndex(of: 0xEF) { bytes[index] = 0xFF }
        let whole = Result { () throws(JSONParseError) in try Jansson.parse(bytes: bytes) }
        let pieces = Result { () throws(JSONParseError) in try Jansson.parseInPieces(bytes: bytes) }
        if case .success = whole {
            Issue.record("\(what): jansson accepted the text")
            return
        }
        #expect(throws: JSONParseError.self) { try pieces.get() }
        if case .failure(let expected) = whole, case .failure(let actual) = pieces {
            #expect(actual == expected, "\(what)")
        }
    }
}
