import SnapStyleJSON

extension Jansson {
    /// A container longer than this many bytes is parsed in pieces.
    static let pieceBytes = 1 << 18

    /// Parses like `parse(bytes:)`, with jansson holding at most about `pieceBytes` of the text as a tree at any
    /// time: jansson's tree of a large token file is many times the file's size, and the value the caller keeps is
    /// built as each piece is read. A container longer than `pieceBytes` is split at its members (or elements):
    /// consecutive small ones are parsed together, a large one is split in turn, and the values are joined. What
    /// the split cannot vouch for (a separator out of place, an empty member, a key twice in one large object,
    /// text after the value, nesting past 64 large levels) makes it parse the whole text with jansson instead, so
    /// that errors and their positions are exactly jansson's.
    public static func parseInPieces(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        if bytes.count > pieceBytes, let value = bytes.withUnsafeBytes({ PieceParser(bytes: $0).parse() }) {
            return value
        }
        return try parse(bytes: bytes)
    }
}

/// Finds the pieces of a large JSON text and has jansson parse each; nil as soon as something is not as it should be.
private struct PieceParser {
    let bytes: UnsafeRawBufferPointer

    static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ","), openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")

    func parse() -> JSONValue? {
        let start = skipSpace(0)
        guard start < bytes.count, let end = endOfValue(start), skipSpace(end) == bytes.count else { return nil }
        return value(start, end, depth: 0)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    func skipSpace(_ index: Int) -> Int {
        var index = index
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// Past the closing quote of the string opening at `index`.
    func endOfString(_ index: Int) -> Int? {
        var index = index + 1
        while index < bytes.count {
            switch bytes[index] {
            case Self.quote: return index + 1
            case Self.backslash: index += 2
            default: index += 1
            }
        }
        return nil
    }

    /// Past the value starting at `index` (its syntax is jansson's to check).
    func endOfValue(_ index: Int) -> Int? {
        switch bytes[index] {
        case Self.quote:
            return endOfString(index)
        case Self.openBrace, Self.openBracket:
            var depth = 0
            var index = index
            while index < bytes.count {
                switch bytes[index] {
                case Self.quote:
                    guard let end = endOfString(index) else { return nil }
                    index = end
                    continue
                case Self.openBrace, Self.openBracket: depth += 1
                case Self.closeBrace, Self.closeBracket:
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        default:
            var index = index
            while index < bytes.count {
                let byte = bytes[index]
                if Self.isSpace(byte) || byte == Self.comma || byte == Self.closeBrace || byte == Self.closeBracket {
                    break
                }
                index += 1
            }
            return index
        }
    }

    /// The value in `start..<end`: whole through jansson when small or a scalar, else in pieces.
    func value(_ start: Int, _ end: Int, depth: Int) -> JSONValue? {
        let opening = bytes[start]
        guard end - start > Jansson.pieceBytes, opening == Self.openBrace || opening == Self.openBracket else {
            return load(start, end)
        }
        guard depth < 64 else { return nil }
        return opening == Self.openBrace ? object(start, end, depth: depth) : array(start, end, depth: depth)
    }

    /// One member or element: where it starts (its key, for a member), and where its value starts and ends.
    typealias Part = (start: Int, valueStart: Int, valueEnd: Int)

    /// The parts of the container opening at `start` and closing just before `end`; nil when a separator is out of
    /// place or a part is missing.
    func parts(_ start: Int, _ end: Int, members: Bool) -> [Part]? {
        var parts: [Part] = []
        var index = skipSpace(start + 1)
        if index == end - 1 { return parts }
        while true {
            guard index < end - 1 else { return nil }
            let partStart = index
            if members {
                guard bytes[index] == Self.quote, let keyEnd = endOfString(index) else { return nil }
                index = skipSpace(keyEnd)
                guard index < end, bytes[index] == Self.colon else { return nil }
                index = skipSpace(index + 1)
            }
            guard index < end - 1, let valueEnd = endOfValue(index), valueEnd <= end - 1 else { return nil }
            parts.append((partStart, index, valueEnd))
            index = skipSpace(valueEnd)
            if index == end - 1 { return parts }
            guard bytes[index] == Self.comma else { return nil }
            index = skipSpace(index + 1)
        }
    }

    func object(_ start: Int, _ end: Int, depth: Int) -> JSONValue? {
        guard let parts = parts(start, end, members: true) else { return nil }
        var result = JSONObject()
        result.members.reserveCapacity(parts.count)
        var keys = Set<String>()
        func add(_ members: [JSONObject.Member]) -> Bool {
            for member in members {
                guard keys.insert(member.key).inserted else { return false }
                result.members.append(member)
            }
            return true
        }
        let complete = forEachPiece(
            of: parts, wrappedIn: "{}",
            small: { group in
                guard case .object(let members) = group else { return false }
                return add(members.members)
            },
            large: { part in
                guard case .string(let key)? = load(part.start, endOfString(part.start)!),
                    let value = value(part.valueStart, part.valueEnd, depth: depth + 1)
                else { return false }
                return add([JSONObject.Member(key: key, value: value)])
            })
        return complete ? .object(result) : nil
    }

    func array(_ start: Int, _ end: Int, depth: Int) -> JSONValue? {
        guard let parts = parts(start, end, members: false) else { return nil }
        var result: [JSONValue] = []
        result.reserveCapacity(parts.count)
        let complete = forEachPiece(
            of: parts, wrappedIn: "[]",
            small: { group in
                guard case .array(let elements) = group else { return false }
                result += elements
                return true
            },
            large: { part in
                guard let value = value(part.valueStart, part.valueEnd, depth: depth + 1) else { return false }
                result.append(value)
                return true
            })
        return complete ? .array(result) : nil
    }

    /// Goes through a container's parts in order: runs of small ones parsed together, as the text between
    /// `wrappedIn`'s two characters (`small` gets the value), large ones one by one (`large`). False as soon as
    /// one of them fails.
    func forEachPiece(
        of parts: [Part], wrappedIn brackets: String, small: (JSONValue) -> Bool, large: (Part) -> Bool
    ) -> Bool {
        var group: Range<Int>?
        func flush() -> Bool {
            guard let range = group else { return true }
            group = nil
            guard let value = load(range.lowerBound, range.upperBound, wrappedIn: brackets) else { return false }
            return small(value)
        }
        for part in parts {
            if part.valueEnd - part.valueStart > Jansson.pieceBytes {
                guard flush(), large(part) else { return false }
                continue
            }
            if let current = group, part.valueEnd - current.lowerBound > Jansson.pieceBytes {
                guard flush() else { return false }
            }
            group = (group?.lowerBound ?? part.start)..<part.valueEnd
        }
        return flush()
    }

    /// jansson's value of `start..<end`, between the two characters of `wrappedIn` when given.
    func load(_ start: Int, _ end: Int, wrappedIn brackets: String? = nil) -> JSONValue? {
        guard let brackets else {
            return try? Jansson.parse(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        }
        var text = [UInt8]()
        text.reserveCapacity(end - start + 2)
        text.append(brackets.utf8.first!)
        text += bytes[start..<end]
        text.append(brackets.utf8.last!)
        return try? Jansson.parse(bytes: text)
    }
}
