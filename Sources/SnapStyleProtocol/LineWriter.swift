/// Builds a response line's bytes in one buffer, from literal pieces, checked identifiers and numbers, with no
/// intermediate strings: pieces are copied straight into memory the caller gives (an array's storage, a socket's
/// output buffer) while they fit, and into a growing array after that.
public struct LineWriter {
    // Internal to the module but inlinable into the methods that write lines, so that a literal piece becomes a
    // copy of known size.
    @usableFromInline let base: UnsafeMutableRawPointer?
    @usableFromInline let capacity: Int
    @usableFromInline var count = 0
    /// Everything written, once a piece did not fit `capacity`.
    @usableFromInline var spill: [UInt8]?

    /// What was written: `count` bytes at the start of the space given, or, once they did not all fit, every byte
    /// in an array.
    public enum Outcome {
        case inPlace(count: Int)
        case spilled([UInt8])
    }

    /// A writer into `space`.
    public init(space: UnsafeMutableRawBufferPointer) {
        base = space.baseAddress
        capacity = space.count
    }

    public var outcome: Outcome { spill.map(Outcome.spilled) ?? .inPlace(count: count) }

    /// The bytes `write` appends (`capacity`: how many it is expected to write; more only cost a copy).
    public static func line(capacity: Int, _ write: (inout LineWriter) -> Void) -> [UInt8] {
        var spilled: [UInt8]?
        let bytes = [UInt8](unsafeUninitializedCapacity: max(capacity, 0)) { buffer, initialized in
            var writer = LineWriter(space: UnsafeMutableRawBufferPointer(buffer))
            write(&writer)
            switch writer.outcome {
            case .inPlace(let count): initialized = count
            case .spilled(let bytes):
                spilled = bytes
                initialized = 0
            }
        }
        return spilled ?? bytes
    }

    @inlinable @inline(__always)
    mutating func append(_ source: UnsafeRawBufferPointer) {
        guard source.count > 0 else { return }
        if spill == nil, let base, source.count <= capacity - count {
            (base + count).copyMemory(from: source.baseAddress!, byteCount: source.count)
            count += source.count
            return
        }
        appendSpilling(source)
    }

    @usableFromInline
    mutating func appendSpilling(_ source: UnsafeRawBufferPointer) {
        if spill == nil {
            var bytes = Array(UnsafeRawBufferPointer(start: base, count: count))
            bytes.reserveCapacity(2 * (count + source.count))
            spill = bytes
        }
        spill!.append(contentsOf: source)
    }

    /// Appends literal text.
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends bytes (already JSON text).
    @inlinable
    public mutating func append(_ text: [UInt8]) { text.withUnsafeBytes { append($0) } }

    /// Appends a string's UTF-8 as it is: for names that need no escaping inside JSON quotes (checked keys and
    /// theme names, whose syntax excludes quotes, backslashes and control characters).
    @inlinable @inline(__always)
    public mutating func append(identifier text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends an integer in decimal.
    public mutating func append(decimal number: Int64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for a sign and 19 digits
        var first = 24
        var magnitude = number.magnitude
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                first -= 1
                buffer[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if number < 0 {
                first -= 1
                buffer[first] = UInt8(ascii: "-")
            }
        }
        withUnsafeBytes(of: &digits) { append(UnsafeRawBufferPointer(rebasing: $0[first...])) }
    }
}
