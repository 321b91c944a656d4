/// The base protocol's framing: `Content-Length: N` headers, a blank line, then N bytes of JSON. Bytes go in as
/// they arrive; whole messages come out, or an error for a frame that cannot be read (the bytes it claimed are
/// skipped, so the stream goes on).
public struct LSPFramer: Sendable {
    public enum Frame: Sendable, Equatable {
        case message([UInt8])
        /// The header was malformed or the message too large; the reason is for a log and for a JSON-RPC error.
        case invalid(String)
    }

    public let maximumLength: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var skipping = 0

    public init(maximumLength: Int) { self.maximumLength = maximumLength }

    public mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next whole frame, or nil until more bytes arrive.
    public mutating func next() -> Frame? {
        defer { compact() }
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - start)
            start += dropped
            skipping -= dropped
            if skipping > 0 { return nil }
        }
        guard let headerEnd = headerEnd() else {
            if buffer.count - start > 8192 {
                start = buffer.count
                return .invalid("a header longer than 8192 bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if parts[0].trimmingSpaces.lowercased() == "content-length" { length = Int(parts[1].trimmingSpaces) }
        }
        guard let length, length >= 0 else {
            start = headerEnd + 4
            return .invalid("a header without a valid Content-Length")
        }
        guard length <= maximumLength else {
            start = headerEnd + 4
            skipping = length
            return .invalid("a message of \(length) bytes, more than \(maximumLength)")
        }
        guard buffer.count - (headerEnd + 4) >= length else { return nil }
        let body = Array(buffer[(headerEnd + 4)..<(headerEnd + 4 + length)])
        start = headerEnd + 4 + length
        return .message(body)
    }

    /// Frames a message for sending.
    public static func frame(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

    private func headerEnd() -> Int? {
        guard buffer.count - start >= 4 else { return nil }
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    private mutating func compact() {
        if start > 65_536 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
