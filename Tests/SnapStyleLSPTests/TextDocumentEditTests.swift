import Testing

@testable import SnapStyleLSP

/// Edits applied in place (only the lines they touch read again) leave the document as reading its text afresh would.
@Suite struct TextDocumentEditTests {
    /// Every position of `document` agrees with a document made from its text, and back.
    static func expectConsistent(_ document: TextDocument, _ comment: Comment? = nil) {
        let fresh = TextDocument(bytes: document.bytes)
        #expect(document.lineCount == fresh.lineCount, comment)
        for offset in stride(from: 0, through: document.bytes.count, by: 1) {
            let position = fresh.position(of: offset)
            guard document.position(of: offset) == position else {
                Issue.record("offset \(offset): \(document.position(of: offset)) != \(position)")
                return
            }
            #expect(document.offset(of: position) == fresh.offset(of: position), comment)
        }
    }

    @Test func typingOnOneLineAndAcrossLinesKeepsPositionsRight() {
        var document = TextDocument("{\n  \"a\": \"x\",\n  \"b\": \"é\"\n}\n")
        // Typing at the end of line 1, one character at a time, then on line 2 (the pending shift moves).
        for (index, character) in "hello".enumerated() {
            let at = LSPPosition(line: 1, character: 10 + index)
            document.apply(String(character), in: LSPRange(start: at, end: at))
        }
        Self.expectConsistent(document)
        let before = LSPPosition(line: 2, character: 8)
        document.apply("ü", in: LSPRange(start: before, end: before))
        Self.expectConsistent(document)
        // A line break typed, a range across lines replaced, a deletion.
        let at = LSPPosition(line: 1, character: 3)
        document.apply("\n  ", in: LSPRange(start: at, end: at))
        Self.expectConsistent(document)
        document.apply(
            "z\nw", in: LSPRange(start: LSPPosition(line: 0, character: 1), end: LSPPosition(line: 3, character: 2)))
        Self.expectConsistent(document)
        document.apply(
            "", in: LSPRange(start: LSPPosition(line: 1, character: 0), end: LSPPosition(line: 1, character: 3)))
        Self.expectConsistent(document)
        #expect(document.text == TextDocument(bytes: document.bytes).text)
    }

    @Test func manyRandomEditsAgreeWithReadingTheTextAfresh() {
        var generator = SystemRandomNumberGenerator()
        var document = TextDocument("line one\nline twö\n\nlast")
        let pieces = ["a", "\n", "é", "", "xy\nz", "𝄞"]
        for step in 0..<300 {
            let lines = document.lineCount
            let start = LSPPosition(
                line: Int.random(in: 0..<lines, using: &generator), character: Int.random(in: 0...6))
            let endLine = min(lines - 1, start.line + Int.random(in: 0...1, using: &generator))
            var end = LSPPosition(line: endLine, character: Int.random(in: 0...6, using: &generator))
            if end < start { end = start }
            document.apply(pieces.randomElement(using: &generator)!, in: LSPRange(start: start, end: end))
            if step % 30 == 0 { Self.expectConsistent(document, "step \(step)") }
        }
        Self.expectConsistent(document)
    }

    @Test func positionsInOnePassMatchOneByOne() {
        let document = TextDocument(String(repeating: "{\"é\": \"𝄞x\"}, ", count: 50) + "\nend")
        let offsets = Array(stride(from: document.bytes.count, through: 0, by: -7))
        #expect(document.positions(of: offsets) == offsets.map { document.position(of: $0) })
    }

    @Test func aHundredThousandKeystrokesOnAMebibyteDocumentCostNoPassOverIt() {
        // Each edit read the whole text again for its line starts: 100,000 keystrokes on 1 MiB took minutes.
        let line = String(repeating: "x", count: 63) + "\n"
        var document = TextDocument(String(repeating: line, count: 1 << 14))
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for index in 0..<100_000 {
                let at = LSPPosition(line: 8_000, character: 10 + index)
                document.apply("a", in: LSPRange(start: at, end: at))
            }
        }
        #expect(document.bytes.count == (1 << 20) + 100_000)
        #expect(document.position(of: document.bytes.count) == LSPPosition(line: 1 << 14, character: 0))
        #expect(elapsed < .seconds(30))
    }
}
