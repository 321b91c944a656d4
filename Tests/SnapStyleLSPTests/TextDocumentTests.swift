import Testing

@testable import SnapStyleLSP

@Suite struct TextDocumentTests {
    // "é" is one UTF-16 unit and two UTF-8 bytes; "𝄞" two units and four bytes.
    static let text = "{\n  \"é𝄞x\": 1,\r\n  \"b\": 2\n}"

    @Test func positionsCountUTF16UnitsAndOffsetsCountBytes() {
        let document = TextDocument(Self.text)
        let x = Array(Self.text.utf8).firstIndex(of: UInt8(ascii: "x"))!
        #expect(document.position(of: x) == LSPPosition(line: 1, character: 6))
        #expect(document.offset(of: LSPPosition(line: 1, character: 6)) == x)
        // Past the end of a line: the line's end, before its CR LF.
        let lineEnd = document.offset(of: LSPPosition(line: 1, character: 99))
        #expect(Array(Self.text.utf8)[lineEnd] == UInt8(ascii: "\r"))
        #expect(document.offset(of: LSPPosition(line: 9, character: 0)) == Self.text.utf8.count)
        // An ASCII line (counted in bytes, without walking it) the same way.
        let b = Array(Self.text.utf8).firstIndex(of: UInt8(ascii: "b"))!
        #expect(document.position(of: b) == LSPPosition(line: 2, character: 3))
        #expect(document.offset(of: LSPPosition(line: 2, character: 3)) == b)
        #expect(document.offset(of: LSPPosition(line: 2, character: 99)) == Array(Self.text.utf8).lastIndex(of: 10))
        #expect(document.offset(line: 3, scalarColumn: 4) == b)
    }

    @Test(arguments: [(1, 4, "é"), (1, 5, "𝄞"), (1, 6, "x"), (3, 1, "}")])
    func scalarColumnsAsCheckReportsThem(line: Int, column: Int, expected: String) {
        let document = TextDocument(Self.text)
        let offset = document.offset(line: line + 1, scalarColumn: column)
        let scalar = String(decoding: Array(Self.text.utf8)[offset...], as: UTF8.self).unicodeScalars.first!
        #expect(String(scalar) == expected)
    }

    @Test func incrementalChangesReplaceTheirRange() {
        var document = TextDocument(Self.text)
        document.apply("zz", in: LSPRange(start: .init(line: 1, character: 3), end: .init(line: 1, character: 7)))
        #expect(document.text == "{\n  \"zz\": 1,\r\n  \"b\": 2\n}")
        document.apply("new", in: nil)
        #expect(document.text == "new" && document.lineCount == 1)
    }
}

@Suite struct FileURITests {
    @Test func pathsRoundTripThroughPercentEncoding() {
        let path = "/tmp/my themes/été#1.json"
        let uri = FileURI.uri(path)
        #expect(uri == "file:///tmp/my%20themes/%C3%A9t%C3%A9%231.json")
        #expect(FileURI.path(uri) == path)
        #expect(FileURI.path("file://localhost/etc/x.json") == "/etc/x.json")
        #expect(FileURI.path("untitled:Untitled-1") == nil)
    }
}
