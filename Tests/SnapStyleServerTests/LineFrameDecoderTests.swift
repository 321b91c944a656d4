import NIOCore
import NIOEmbedded
import Testing

@testable import SnapStyleServer

/// `LineFrameDecoder` alone on an `EmbeddedChannel`: which runs of lines it passes on, and when it refuses.
@Suite struct LineFrameDecoderTests {
    func makeChannel(maxLineBytes: Int = 64) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(LineFrameDecoder(maxLineBytes: maxLineBytes)))
        return channel
    }

    /// The batches passed on so far, each as its lines.
    func batches(_ channel: EmbeddedChannel) throws -> [[String]] {
        var batches: [[String]] = []
        while var batch = try channel.readInbound(as: LineBatch.self) {
            var lines: [String] = []
            batch.forEachLine { line in
                lines.append(String(decoding: line, as: UTF8.self))
                return true
            }
            #expect(batch.isEmpty)
            batches.append(lines)
        }
        return batches
    }

    @Test func everyCompleteLineOfAReadIsPassedOnAtOnce() throws {
        let channel = try makeChannel()
        try channel.writeInbound(channel.allocator.buffer(string: "one\ntwo\r\n\nthree\r\nfou"))
        #expect(try batches(channel) == [["one", "two", "", "three"]])
        try channel.writeInbound(channel.allocator.buffer(string: "r"))
        #expect(try batches(channel).isEmpty, "an unfinished line waits")
        try channel.writeInbound(channel.allocator.buffer(string: "\r"))
        try channel.writeInbound(channel.allocator.buffer(string: "\nfive\n"))
        #expect(try batches(channel) == [["four", "five"]], "a CR at the end of a read still belongs to its line")
        #expect(try channel.finish().isClean)
    }

    @Test func anUnfinishedLineAtTheEndIsDropped() throws {
        let channel = try makeChannel()
        try channel.writeInbound(channel.allocator.buffer(string: "one\ntw"))
        #expect(try batches(channel) == [["one"]])
        _ = try channel.finish()
        #expect(try batches(channel).isEmpty)
    }

    @Test(arguments: [64, 65, 66])
    func aLineJustAtTheLimitPassesAndOneOverItIsRefusedAfterTheLinesBeforeIt(length: Int) throws {
        let channel = try makeChannel(maxLineBytes: 64)
        let long = String(repeating: "x", count: length)
        let text = "a\nb\r\n" + long + "\r\nc\n"
        if length <= 64 {
            try channel.writeInbound(channel.allocator.buffer(string: text))
            #expect(try batches(channel) == [["a", "b", long, "c"]])
        } else {
            #expect(throws: LineFrameDecoder.LineTooLong(limit: 64)) {
                try channel.writeInbound(channel.allocator.buffer(string: text))
            }
            #expect(try batches(channel) == [["a", "b"]])
        }
    }

    @Test func anUnfinishedLineOverTheLimitIsRefused() throws {
        let channel = try makeChannel(maxLineBytes: 64)
        try channel.writeInbound(channel.allocator.buffer(string: "a\n" + String(repeating: "x", count: 40)))
        #expect(try batches(channel) == [["a"]])
        #expect(throws: LineFrameDecoder.LineTooLong(limit: 64)) {
            try channel.writeInbound(channel.allocator.buffer(string: String(repeating: "x", count: 40)))
        }
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
