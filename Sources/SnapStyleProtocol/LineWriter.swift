/// Builds a response line's bytes in one buffer, from literal pieces, checked identifiers and numbers, with no
/// intermediate strings.
public struct LineWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends literal text.
    public mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends bytes (already JSON text).
    public mutating func append(_ text: [UInt8]) { bytes += text }

    /// Appends a string's UTF-8 as it is: for names that need no escaping inside JSON quotes (checked keys and
    /// theme names, whose syntax excludes quotes, backslashes and control characters).
    public mutating func append(identifier text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends an integer in decimal.
    public mutating func append(decimal number: Int64) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }
}
