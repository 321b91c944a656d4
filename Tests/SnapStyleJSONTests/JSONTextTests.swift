import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// The client library's JSON codec in Swift (`JSONText`) against jansson, which the daemon parses and writes with:
/// the same texts accepted and refused, the same values read, and each one reads what the other writes.
@Suite struct JSONTextTests {
    /// Numbers compare by value: jansson reads an integral real as an integer in a text that also holds an integer
    /// beyond 64 bits.
    static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.integer, .double), (.double, .integer), (.double, .double): return a.doubleValue == b.doubleValue
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return x.keys == y.keys && zip(x.members, y.members).allSatisfy { same($0.value, $1.value) }
        default: return a == b
        }
    }

    static func parsed(_ bytes: [UInt8]) -> (jansson: JSONValue?, swift: JSONValue?) {
        let swift = bytes.withUnsafeBytes { try? JSONText.parse(bytes: $0) }
        return (try? Jansson.parse(bytes: bytes), swift)
    }

    static let valid = [
        ##"{"jsonrpc":"2.0","id":1,"result":{"generation":3,"value":{"hex":"#1C1C1EFF","rgba":[0.1098,0.1098,1]}}}"##,
        #"[null, true, false, 0, -0, 1.5, -2.25e-3, 1E+2, 9223372036854775807, -9223372036854775808]"#,
        #"[18446744073709551616, 1e2, 0.1]"#,
        #"{"escapes": "\" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00 \u0000", "raw": "é 😀 日本"}"#,
        #"  {"nested": {"a": [[], {}, [{"b": null}]]}}  "#,
        #""a string alone""#, "42", "\t\n\r true \n",
    ]

    static let invalid = [
        #"{"a":1,"a":2}"#, #"{"a\u0000":1}"#, #""\ud800""#, #""\udc00 x""#, #""\ud800\u0041""#, "[1,]", "{,}", "01",
        "1.", ".5", "1e", "-", "+1", "1e400", "-1e400", "[1] 2", "nul", "tru", #""\x""#, #""\u12""#, "\"a\u{01}b\"",
        "", "   ", "[", #"{"a" 1}"#, #"{1: 2}"#, "\"unterminated",
    ]

    @Test func bothReadTheSameValidTexts() throws {
        for text in Self.valid {
            let (jansson, swift) = Self.parsed(Array(text.utf8))
            let expected = try #require(jansson, "jansson reads \(text)")
            let value = try #require(swift, "JSONText reads \(text)")
            #expect(Self.same(expected, value), "\(text): \(expected) vs \(value)")
        }
    }

    @Test func bothRefuseTheSameInvalidTexts() {
        var texts = Self.invalid.map { Array($0.utf8) }
        texts.append([UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")])  // invalid UTF-8
        texts.append([UInt8(ascii: "\""), 0xED, 0xA0, 0x80, UInt8(ascii: "\"")])  // an encoded surrogate
        texts.append(Array((String(repeating: "[", count: 2049) + String(repeating: "]", count: 2049)).utf8))
        for bytes in texts {
            let (jansson, swift) = Self.parsed(bytes)
            #expect(jansson == nil, "jansson refuses \(String(decoding: bytes, as: UTF8.self))")
            #expect(swift == nil, "JSONText refuses \(String(decoding: bytes, as: UTF8.self))")
        }
        let deepest = Array((String(repeating: "[", count: 2048) + String(repeating: "]", count: 2048)).utf8)
        #expect(Self.parsed(deepest).swift != nil)
        #expect(Self.parsed(deepest).jansson != nil)
    }

    /// Every line of the request fuzzer's corpus (valid and hostile alike): accepted or refused by both, the same
    /// values, and each codec reads what the other writes.
    @Test func theRequestCorpusReadsAlikeAndRoundTrips() {
        var lines = 0
        for path in Checkout.fuzzInputs("requests") {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
                lines += 1
                let bytes = Array(line)
                let (jansson, swift) = Self.parsed(bytes)
                #expect((jansson == nil) == (swift == nil), "\(path): \(String(decoding: bytes, as: UTF8.self))")
                guard let jansson, let swift else { continue }
                #expect(Self.same(jansson, swift), "\(path)")
                let written = JSONText.encode(swift)
                #expect((try? Jansson.parse(written)).map { Self.same($0, swift) } == true, "\(written)")
                // jansson writes reals with 15 digits: what JSONText reads of that text is what jansson reads of it.
                let janssonText = Jansson.encode(jansson)
                let reread = try? JSONText.parse(janssonText)
                #expect(reread != nil && (try? Jansson.parse(janssonText)).map { Self.same($0, reread!) } == true)
            }
        }
        #expect(lines > 500)
    }

    @Test func itWritesCompactTextInOrder() {
        let value: JSONValue = .object([
            "b": 1, "a": [true, .null, "x\"\\\n\u{01}é"], "c": .double(0.5), "d": .double(.infinity),
        ])
        #expect(JSONText.encode(value) == #"{"b":1,"a":[true,null,"x\"\\\n\u0001é"],"c":0.5,"d":null}"#)
        #expect(Jansson.encode(value) == JSONText.encode(value))
    }
}
