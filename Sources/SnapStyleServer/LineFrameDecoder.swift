import Glibc
import NIOCore

/// Splits a connection's input into lines (without `\n`, and without a `\r` before it). A line, or the unfinished
/// rest of the input, longer than `maxLineBytes` is an error (`LineTooLong`); an unfinished line at the end of
/// the input is dropped.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

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
        let found: Int? = buffer.withUnsafeReadableBytes { bytes in
            guard bytes.count > searched, let start = bytes.baseAddress,
                let newline = memchr(start + searched, Int32(UInt8(ascii: "\n")), bytes.count - searched)
            else { return nil }
            return start.distance(to: UnsafeRawPointer(newline))
        }
        guard let length = found else {
            scanned = buffer.readableBytes
            if scanned > maxLineBytes { throw LineTooLong(limit: maxLineBytes) }
            return .needMoreData
        }
        scanned = 0
        let carriageReturn =
            length > 0 && buffer.getInteger(at: buffer.readerIndex + length - 1, as: UInt8.self) == UInt8(ascii: "\r")
        let line = buffer.readSlice(length: carriageReturn ? length - 1 : length)!
        buffer.moveReaderIndex(forwardBy: carriageReturn ? 2 : 1)
        if line.readableBytes > maxLineBytes { throw LineTooLong(limit: maxLineBytes) }
        context.fireChannelRead(Self.wrapInboundOut(line))
        return .continue
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
