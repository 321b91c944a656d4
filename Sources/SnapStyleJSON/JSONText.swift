import SnapStyleSystem
import SnapStyleVocabulary

/// JSON text ⇄ `JSONValue` in Swift alone: what the client library reads and writes the daemon's lines with, so that
/// an app linking it links no C JSON library. It reads what jansson reads (`SnapStyleJansson`, the daemon's and the
/// tools' parser): duplicate object keys, a NUL in a key, invalid UTF-8, lone surrogates, a number beyond a double and
/// nesting deeper than 2,048 levels are errors; an integer beyond 64 bits is read as a double. It writes members in
/// their order, as jansson does: compact on one line, and with the `jansson` layouts byte for byte as jansson writes
/// with the daemon's flags (the exports' JSON, which must not change when they leave jansson).
public enum JSONText {
    /// Why a text is not JSON, and at which byte.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var offset: Int

        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Parses one JSON text (any value at the top level).
    public static func parse(bytes: UnsafeRawBufferPointer) throws(ParseError) -> JSONValue {
        var reader = Reader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("end of input expected") }
        return value
    }

    /// Parses one JSON text.
    public static func parse(_ text: String) throws(ParseError) -> JSONValue {
        var text = text
        let result: Result<JSONValue, ParseError> = text.withUTF8 { buffer in
            Result { () throws(ParseError) in try parse(bytes: UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }

    /// How `encode` lays text out and writes reals.
    public struct Layout: Sendable, Equatable {
        /// Spaces per level, with a member or an element per line (`"key": value`); nil: compact on one line.
        public var indent: Int?
        /// At most this many significant digits for a real (`%.Ng`, as jansson's `JSON_REAL_PRECISION`); nil: the
        /// shortest text that reads back the same double.
        public var realDigits: Int?

        public init(indent: Int? = nil, realDigits: Int? = nil) {
            self.indent = indent
            self.realDigits = realDigits
        }

        /// Compact, reals in their shortest form: the client library's lines.
        public static let compact = Layout()
        /// Compact, byte for byte what the daemon's jansson writes (reals to 15 significant digits): the exports.
        public static let jansson = Layout(realDigits: 15)
        /// Indented by two spaces, byte for byte what the daemon's jansson writes when it indents.
        public static let janssonIndented = Layout(indent: 2, realDigits: 15)
    }

    /// Encodes JSON text, appended to `buffer`. A number that is not finite is written `null`.
    public static func encode(_ value: JSONValue, into buffer: inout [UInt8], layout: Layout = .compact) {
        encode(value, into: &buffer, layout: layout, depth: 0)
    }

    /// Encodes JSON text.
    public static func encode(_ value: JSONValue, layout: Layout = .compact) -> String {
        var bytes: [UInt8] = []
        encode(value, into: &bytes, layout: layout, depth: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func encode(_ value: JSONValue, into buffer: inout [UInt8], layout: Layout, depth: Int) {
        func newline(_ depth: Int) {
            guard let indent = layout.indent else { return }
            buffer.append(UInt8(ascii: "\n"))
            buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
        }
        switch value {
        case .null: buffer.append(contentsOf: "null".utf8)
        case .bool(let bool): buffer.append(contentsOf: (bool ? "true" : "false").utf8)
        case .integer(let integer): buffer.append(contentsOf: String(integer).utf8)
        case .double(let double): buffer.append(contentsOf: real(double, digits: layout.realDigits).utf8)
        case .string(let string): encode(string: string, into: &buffer)
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                encode(element, into: &buffer, layout: layout, depth: depth + 1)
            }
            if !elements.isEmpty { newline(depth) }
            buffer.append(UInt8(ascii: "]"))
        case .object(let object):
            buffer.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                encode(string: member.key, into: &buffer)
                buffer.append(UInt8(ascii: ":"))
                if layout.indent != nil { buffer.append(UInt8(ascii: " ")) }
                encode(member.value, into: &buffer, layout: layout, depth: depth + 1)
            }
            if !object.isEmpty { newline(depth) }
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// A real's text: `null` when it is not finite; with `digits`, as jansson writes it (`%.Ng`, then `.0` when it
    /// would read as an integer, and the exponent without a `+` or leading zeros: `1e20`, `1e-5`).
    static func real(_ value: Double, digits: Int?) -> String {
        guard value.isFinite else { return "null" }
        guard let digits else { return value.description }
        // An integer of fewer digits than `digits` prints as itself (`%.Ng` uses no exponent below 10^N).
        if digits >= 15, value.rounded() == value, abs(value) < 1e15, value != 0 || value.sign == .plus {
            return String(Int64(value)) + ".0"
        }
        let text = RealFormat.significant(value, digits: digits)
        guard let e = text.firstIndex(of: "e") else {
            return text.utf8.contains(UInt8(ascii: ".")) ? text : text + ".0"
        }
        var exponent = text[text.index(after: e)...]
        let sign = exponent.first == "-" ? "-" : ""
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        let digitsLeft = exponent.drop { $0 == "0" }
        return String(text[...e]) + sign + (digitsLeft.isEmpty ? "0" : String(digitsLeft))
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func encode(string: String, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        // Most strings need no escape: copied whole.
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            buffer.append(contentsOf: string.utf8)
            buffer.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case ..<0x20:
                buffer.append(contentsOf: "\\u00".utf8)
                buffer.append(hexDigits[Int(byte >> 4)])
                buffer.append(hexDigits[Int(byte & 0xF)])
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}

/// Reads one value at a time from UTF-8 bytes.
private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    func error(_ message: String) -> JSONText.ParseError { JSONText.ParseError(message: message, offset: index) }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while let byte = current,
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            index += 1
        }
    }

    mutating func value(depth: Int) throws(JSONText.ParseError) -> JSONValue {
        guard let byte = current else { throw error("a value expected") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONText.ParseError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("invalid literal") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("invalid literal")
        }
        index += count
        return value
    }

    mutating func object(depth: Int) throws(JSONText.ParseError) -> JSONValue {
        guard depth <= Limits.jsonDepth else { throw error("too deeply nested") }
        index += 1
        var object = JSONObject()
        var seen = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("a string key expected") }
            let start = index
            let key = try string()
            guard !key.utf8.contains(0) else {
                throw JSONText.ParseError(message: "NUL in an object key", offset: start)
            }
            guard seen.insert(key).inserted else {
                throw JSONText.ParseError(message: "duplicate object key", offset: start)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("':' expected") }
            index += 1
            skipWhitespace()
            object.append(key, try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?:
                index += 1
                return .object(object)
            default: throw error("',' or '}' expected")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONText.ParseError) -> JSONValue {
        guard depth <= Limits.jsonDepth else { throw error("too deeply nested") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?:
                index += 1
                return .array(elements)
            default: throw error("',' or ']' expected")
            }
        }
    }

    mutating func string() throws(JSONText.ParseError) -> String {
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: utf8, as: UTF8.self) else { throw error("invalid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { throw error("unterminated string") }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): try unicodeEscape(into: &utf8)
                default: throw error("invalid escape")
                }
            case ..<0x20: throw error("control character in a string")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    /// `\uXXXX` (the `\u` read), a surrogate pair as one scalar.
    mutating func unicodeEscape(into utf8: inout [UInt8]) throws(JSONText.ParseError) {
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("a lone surrogate") }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error("a lone surrogate")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid escape") }
        utf8.append(contentsOf: String(Character(unicode)).utf8)
    }

    mutating func hex4() throws(JSONText.ParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("invalid escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    mutating func number() throws(JSONText.ParseError) -> JSONValue {
        let start = index
        var integral = true
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw error("invalid number") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard let digit = current, isDigit(digit) else { throw error("invalid number") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            integral = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else { throw error("invalid number") }
            skipDigits()
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if integral, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else {
            throw JSONText.ParseError(message: "number out of range", offset: start)
        }
        return .double(double)
    }

    mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
