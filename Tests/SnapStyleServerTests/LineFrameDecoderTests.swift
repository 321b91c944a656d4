import NIOCore
import SnapStyleProtocol
import Testing

@testable import SnapStyleServer

/// `LineFrameDecoder` alone: which runs of lines it gives on, and when it refuses.
@Suite struct LineFrameDecoderTests {
    /// Feeds `input` to `decoder`, adding the batch it gives, as its lines, to `batches`.
    func decode(_ decoder: inout LineFrameDecoder, _ input: String, into batches: inout [[String]])
        throws(LineFrameDecoder.LineTooLong)
    {
        try decoder.decode(ByteBuffer(string: input)) { batch in
            var lines: [String] = []
            batch.forEachLine { line in
                lines.append(String(decoding: line, as: UTF8.self))
                return true
            }
            #expect(batch.isEmpty)
            batches.append(lines)
        }
    }

    /// The batch `decoder` gives for `input`, as its lines (none when it gives none).
    func decode(_ decoder: inout LineFrameDecoder, _ input: String) throws(LineFrameDecoder.LineTooLong) -> [[String]] {
        var batches: [[String]] = []
        try decode(&decoder, input, into: &batches)
        return batches
    }

    @Test func everyCompleteLineOfAReadIsGivenOnAtOnce() throws {
        var decoder = LineFrameDecoder(maxLineBytes: 64)
        #expect(try decode(&decoder, "one\ntwo\r\n\nthree\r\nfou") == [["one", "two", "", "three"]])
        #expect(decoder.waitingBytes == 3)
        #expect(try decode(&decoder, "r").isEmpty, "an unfinished line waits")
        #expect(try decode(&decoder, "\r").isEmpty)
        #expect(
            try decode(&decoder, "\nfive\n") == [["four", "five"]],
            "a CR at the end of a read still belongs to its line")
        #expect(decoder.waitingBytes == 0)
    }

    @Test func theRestAfterTheLinesWaitsForItsEnd() throws {
        var decoder = LineFrameDecoder(maxLineBytes: 64)
        #expect(try decode(&decoder, "one\ntw") == [["one"]])
        #expect(try decode(&decoder, "o\nthr") == [["two"]])
        #expect(try decode(&decoder, "ee\n") == [["three"]])
        #expect(decoder.waitingBytes == 0)
    }

    @Test func linesKeptByTheReceiverSurviveTheNextRead() throws {
        var decoder = LineFrameDecoder(maxLineBytes: 64)
        var kept: [LineBatch] = []
        try decoder.decode(ByteBuffer(string: "one\ntwo\nthr")) { batch in kept.append(batch) }
        try decoder.decode(ByteBuffer(string: "ee\n")) { batch in kept.append(batch) }
        let texts = kept.map { String(buffer: $0.buffer) }
        #expect(texts == ["one\ntwo\n", "three\n"])
    }

    @Test(arguments: [64, 65, 66])
    func aLineJustAtTheLimitPassesAndOneOverItIsRefusedAfterTheLinesBeforeIt(length: Int) throws {
        var decoder = LineFrameDecoder(maxLineBytes: 64)
        let long = String(repeating: "x", count: length)
        let text = "a\nb\r\n" + long + "\r\nc\n"
        var batches: [[String]] = []
        var refused: LineFrameDecoder.LineTooLong?
        do throws(LineFrameDecoder.LineTooLong) {
            try decode(&decoder, text, into: &batches)
        } catch {
            refused = error
        }
        if length <= 64 {
            #expect(refused == nil)
            #expect(batches == [["a", "b", long, "c"]])
        } else {
            #expect(refused == LineFrameDecoder.LineTooLong(limit: 64))
            #expect(batches == [["a", "b"]], "the lines before the long one were given on")
        }
    }

    @Test func anUnfinishedLineOverTheLimitIsRefused() throws {
        var decoder = LineFrameDecoder(maxLineBytes: 64)
        #expect(try decode(&decoder, "a\n" + String(repeating: "x", count: 40)) == [["a"]])
        #expect(throws: LineFrameDecoder.LineTooLong(limit: 64)) {
            try decode(&decoder, String(repeating: "x", count: 40))
        }
    }

    @Test func aLongLineGrowsOverManyReads() throws {
        var decoder = LineFrameDecoder(maxLineBytes: 10_000)
        for _ in 0..<99 { #expect(try decode(&decoder, String(repeating: "x", count: 100)).isEmpty) }
        #expect(decoder.waitingBytes == 9_900)
        #expect(try decode(&decoder, "y\nz\n") == [[String(repeating: "x", count: 9_900) + "y", "z"]])
    }

    @Test func aBatchReadInPartsKeepsWhatWasNotRead() throws {
        var batch = LineBatch(ByteBuffer(string: "one\ntwo\nthree\n"))
        var seen: [String] = []
        batch.forEachLine { line in
            seen.append(String(decoding: line, as: UTF8.self))
            return seen.count < 2
        }
        #expect(seen == ["one", "two"], "the line it stops at is read")
        #expect(String(buffer: batch.buffer) == "three\n")
        batch.forEachLine { _ in true }
        #expect(batch.isEmpty)
    }
}
