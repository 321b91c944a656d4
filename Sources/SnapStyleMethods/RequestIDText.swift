import SnapStyleJSON
import SnapStyleProtocol

/// A request's numeric `id` as its sender wrote it. A number goes through the parser as a 64-bit integer or a double,
/// and the encoder writes that value back: `-9223372036854775809`, `1.0`, `-0` or a 20-digit fraction would come
/// back as other text, and two different ids could come back equal. The response's id is therefore the request's
/// own text: read from the line, put in place of what the encoder wrote (`splice`).
public enum RequestIDText {
    /// The text of the top-level `id` member of the object `bytes` holds, when that value is a number.
    public static func number(inObject bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        var scanner = Scanner(bytes: bytes)
        return scanner.idNumber()
    }

    /// The numeric ids' texts of each element of the array `bytes` holds (nil for an element without one).
    public static func numbers(inArray bytes: UnsafeRawBufferPointer) -> [[UInt8]?] {
        var scanner = Scanner(bytes: bytes)
        return scanner.elementIDNumbers()
    }

    /// Whether an id's text may differ from what the encoder writes for its value: a double, an integer 0 (the text
    /// may be `-0`), or an integer beyond 2^53 (it may have been read as a double). Other integers are written back
    /// as they were written.
    public static func mayDiffer(_ id: JSONValue?) -> Bool {
        switch id {
        case .double?: true
        case .integer(let value)?: value == 0 || value.magnitude >= 1 << 53
        default: false
        }
    }

    private static let prefix = Array(#"{"jsonrpc":"2.0","id":"#.utf8)

    /// A response line whose id was written from `id` (`{"jsonrpc":"2.0","id":` then the id's encoding), with the
    /// request's own `text` in its place. Any other line comes back as it is.
    public static func splice(_ line: [UInt8], id: JSONValue, text: [UInt8]?) -> [UInt8] {
        guard let text else { return line }
        let written = ResponseLine.encode(id)
        let end = prefix.count + written.count
        guard written != text, line.count > end, line.starts(with: prefix),
            line[prefix.count..<end].elementsEqual(written)
        else { return line }
        return prefix + text + line[end...]
    }

    /// Just enough of a JSON reader to find members and skip values; the line was already parsed, so it is valid.
    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// The raw bytes of a string (escapes left as written), the quotes excluded.
        mutating func string() -> UnsafeRawBufferPointer.SubSequence? {
            guard consume(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < bytes.count else { return nil }
            index += 1
            return bytes[start..<(index - 1)]
        }

        /// Skips one value; the text of a number.
        @discardableResult
        mutating func value() -> [UInt8]? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                _ = string()
                return nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                repeat {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        _ = string()
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    index += 1
                } while depth > 0 && index < bytes.count
                return nil
            default:
                let start = index
                while index < bytes.count, !Self.ends(bytes[index]) { index += 1 }
                let text = Array(bytes[start..<index])
                let first = text.first ?? 0
                return first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
                    ? text : nil
            }
        }

        static func ends(_ byte: UInt8) -> Bool {
            [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(byte)
        }

        mutating func idNumber() -> [UInt8]? {
            guard consume(UInt8(ascii: "{")) else { return nil }
            if consume(UInt8(ascii: "}")) { return nil }
            repeat {
                guard let key = string(), consume(UInt8(ascii: ":")) else { return nil }
                let number = value()
                if key.elementsEqual("id".utf8) { return number }
            } while consume(UInt8(ascii: ","))
            return nil
        }

        mutating func elementIDNumbers() -> [[UInt8]?] {
            var result: [[UInt8]?] = []
            guard consume(UInt8(ascii: "[")), !consume(UInt8(ascii: "]")) else { return result }
            repeat {
                skipSpace()
                let start = index
                value()
                let element = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                result.append(RequestIDText.number(inObject: element))
            } while consume(UInt8(ascii: ","))
            return result
        }
    }
}
