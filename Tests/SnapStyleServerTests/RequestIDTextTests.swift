import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import Testing

/// Reading a request's numeric id as written, whatever surrounds it.
@Suite struct RequestIDTextTests {
    static func number(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { RequestIDText.number(inObject: $0) }.map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    @Test(
        arguments: [
            (#"{"id":1.50}"#, "1.50"),
            (#" { "method" : "x" , "id" : -0 } "#, "-0"),
            (#"{"params":{"id":5,"s":"}\"{","a":[1,{"id":2}]},"id":1e400}"#, "1e400"),
            (#"{"a\"id":3,"id":"7"}"#, nil),
            (#"{"id":null}"#, nil),
            (#"{"ids":4}"#, nil),
        ] as [(String, String?)])
    func theTopLevelIDIsFound(line: String, expected: String?) {
        #expect(Self.number(line) == expected)
    }

    @Test func eachBatchEntryHasItsOwn() {
        let batch = #"[{"id":1.0,"x":"]"}, 5, {"method":"m"}, {"id":-9223372036854775809}]"#
        let found = Array(batch.utf8).withUnsafeBytes { RequestIDText.numbers(inArray: $0) }
        #expect(
            found.map { $0.map { String(decoding: $0, as: UTF8.self) } } == ["1.0", nil, nil, "-9223372036854775809"])
    }

    @Test func theSpliceReplacesOnlyTheIDItWasWritten() {
        let id = JSONValue.double(0.1234567890123456789)
        let line = ResponseLine.result(id: id, encoded: Array(#""pong""#.utf8))
        let spliced = RequestIDText.splice(line, id: id, text: Array("0.1234567890123456789".utf8))
        #expect(
            String(decoding: spliced, as: UTF8.self) == #"{"jsonrpc":"2.0","id":0.1234567890123456789,"result":"pong"}"#
        )
        // Another id's line is left alone.
        #expect(RequestIDText.splice(line, id: .integer(2), text: Array("2.0".utf8)) == line)
    }
}
