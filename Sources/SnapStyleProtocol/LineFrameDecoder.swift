import NIOCore

/// Splits a connection's input into lines and gives them on in runs: each `LineBatch` holds every complete line a
/// read brought, so that a read costs one call, not one per line. A line, or the unfinished rest of the input,
/// longer than `maxLineBytes` is an error (`LineTooLong`), raised after the lines before it were given on; an
/// unfinished line at the end of the input is dropped with the decoder.
///
/// The daemon's connection handler and the client library each own one and feed it every read themselves: no
/// pipeline stage between the socket and the handler, no boxing of the batch, and one bound on a line either way.
public struct LineFrameDecoder: Sendable {
    /// A line over the limit.
    public struct LineTooLong: Error, Equatable {
        public let limit: Int

        public init(limit: Int) { self.limit = limit }
    }

    public let maxLineBytes: Int
    /// The start of a line whose end has not come yet, in the decoder's own storage (so that the read buffer it
    /// came in goes back to the channel's pool).
    private var unfinished: ByteBuffer?

    public init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    /// How many bytes of an unfinished line are waiting for its end.
    public var waitingBytes: Int { unfinished?.readableBytes ?? 0 }

    /// Adds `input` to what came before and gives `body` the complete lines, if any, as one batch; what `body`
    /// leaves in the batch is its to keep. Throws `LineTooLong` after `body` had the lines before the long one.
    public mutating func decode(_ input: ByteBuffer, lines body: (inout LineBatch) -> Void) throws(LineTooLong) {
        var buffer = input
        var ownStorage = false
        if var earlier = unfinished.take() {
            earlier.writeImmutableBuffer(input)
            buffer = earlier
            ownStorage = true
        }
        let searchFrom = buffer.readableBytes - input.readableBytes
        // Reads mostly end at a line's end or inside the last line, so the search goes backwards.
        let lastNewline = buffer.withUnsafeReadableBytes { bytes in
            bytes[searchFrom...].lastIndex(of: UInt8(ascii: "\n"))
        }
        guard let lastNewline else {
            try keep(buffer, ownStorage: ownStorage)
            return
        }
        var lines = buffer.readSlice(length: lastNewline + 1)!
        // Runs no longer than the limit cannot hold a line over it; a longer one is checked line by line.
        if lines.readableBytes > maxLineBytes + 1, let tooLong = firstLineOverLimit(in: lines) {
            if tooLong > 0 {
                var batch = LineBatch(lines.readSlice(length: tooLong)!)
                body(&batch)
            }
            throw LineTooLong(limit: maxLineBytes)
        }
        var batch = LineBatch(lines)
        body(&batch)
        if buffer.readableBytes > 0 { try keep(buffer, ownStorage: ownStorage) }
    }

    /// Keeps the start of an unfinished line, unless it is already over the limit: in place while a line grows over
    /// several reads, otherwise copied (from a read buffer, or from behind the lines just given on).
    private mutating func keep(_ rest: ByteBuffer, ownStorage: Bool) throws(LineTooLong) {
        if rest.readableBytes > maxLineBytes { throw LineTooLong(limit: maxLineBytes) }
        if ownStorage, rest.readerIndex == 0 {
            unfinished = rest
        } else {
            var copy = ByteBufferAllocator().buffer(capacity: max(rest.readableBytes, 256))
            copy.writeImmutableBuffer(rest)
            unfinished = copy
        }
    }

    /// Where the first line longer than the limit starts, if one is.
    private func firstLineOverLimit(in lines: ByteBuffer) -> Int? {
        lines.withUnsafeReadableBytes { bytes in
            var start = 0
            var found: Int?
            LineBatch.scan(bytes) { line, next in
                if line.count > maxLineBytes {
                    found = start
                    return false
                }
                start = next
                return true
            }
            return found
        }
    }
}
