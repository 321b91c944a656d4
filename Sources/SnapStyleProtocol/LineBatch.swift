import NIOCore
import SnapStyleSystem

/// Complete lines of a connection's input, each ending in `\n`, as `LineFrameDecoder` passes them on: read one by
/// one straight from the received bytes, and kept, from the first line not yet read, while the connection waits.
public struct LineBatch {
    /// The unread lines.
    public private(set) var buffer: ByteBuffer

    /// `lines` must end with a newline.
    public init(_ lines: ByteBuffer) { buffer = lines }

    public var isEmpty: Bool { buffer.readableBytes == 0 }

    /// Gives `body` each line in turn (without its `\n`, nor a `\r` before it) until it returns false. The lines
    /// it was given, that last one included, are read; the others stay.
    public mutating func forEachLine(_ body: (UnsafeRawBufferPointer) -> Bool) {
        let read = buffer.withUnsafeReadableBytes { bytes in
            var read = 0
            Self.scan(bytes) { line, next in
                read = next
                return body(line)
            }
            return read
        }
        buffer.moveReaderIndex(forwardBy: read)
    }

    /// Gives `body` each newline-terminated line of `bytes` and the offset past its newline, until it returns false.
    public static func scan(_ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Int) -> Bool) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count,
            let found = RawMemory.firstIndex(of: UInt8(ascii: "\n"), in: base + start, count: bytes.count - start)
        {
            let newline = base.distance(to: found)
            let end = newline > start && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
            guard body(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), newline + 1) else { return }
            start = newline + 1
        }
    }
}
