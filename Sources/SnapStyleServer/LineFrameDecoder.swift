import NIOCore

/// Splits a connection's input into lines and passes them on in runs: each `LineBatch` holds every complete line
/// a read brought, so that the pipeline is crossed once per read, not once per line. A line, or the unfinished
/// rest of the input, longer than `maxLineBytes` is an error (`LineTooLong`), raised after the lines before it
/// were passed on; an unfinished line at the end of the input is dropped.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = LineBatch

    /// A line over the limit.
    struct LineTooLong: Error, Equatable {
        let limit: Int
    }

    let maxLineBytes: Int
    /// How many bytes of the buffer were already searched for a newline.
    private var scanned = 0

    init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let searched = scanned
        // Reads mostly end at a line's end or inside the last line, so the search goes backwards.
        let lastNewline = buffer.withUnsafeReadableBytes { bytes in
            bytes[searched...].lastIndex(of: UInt8(ascii: "\n"))
        }
        guard let lastNewline else {
            scanned = buffer.readableBytes
            if scanned > maxLineBytes { throw LineTooLong(limit: maxLineBytes) }
            return .needMoreData
        }
        scanned = 0
        var lines = buffer.readSlice(length: lastNewline + 1)!
        // Runs no longer than the limit cannot hold a line over it; a longer one is checked line by line.
        if lines.readableBytes > maxLineBytes + 1, let tooLong = firstLineOverLimit(in: lines) {
            if tooLong > 0 {
                context.fireChannelRead(Self.wrapInboundOut(LineBatch(lines.readSlice(length: tooLong)!)))
            }
            throw LineTooLong(limit: maxLineBytes)
        }
        context.fireChannelRead(Self.wrapInboundOut(LineBatch(lines)))
        return .continue
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

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        while try decode(context: context, buffer: &buffer) == .continue {}
        buffer.moveReaderIndex(to: buffer.writerIndex)
        scanned = 0
        return .needMoreData
    }
}
