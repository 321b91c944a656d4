/// The theme's CSS names used in a style sheet or in markup: each `var(--NAME)`, and in scss and less each
/// `--NAME` inside a declaration's value, with the byte range of `--NAME`.
public struct StyleSheetScan: Sendable {
    public struct Use: Sendable, Hashable {
        /// The name with its leading `--`.
        public var name: String
        public var start: Int
        public var end: Int
    }

    public private(set) var uses: [Use] = []

    public init(bytes: [UInt8], languageID: String) {
        let bare = languageID == "scss" || languageID == "less"
        // The last `:` and the last `;`, `{` or `}` before `offset`, kept while walking forward: whether a bare
        // name stands in a value is known without looking back (looking back made many names on one value
        // quadratic).
        var lastColon = -1
        var lastBreak = -1
        var offset = 0
        while offset + 1 < bytes.count {
            let byte = bytes[offset]
            guard byte == UInt8(ascii: "-"), bytes[offset + 1] == UInt8(ascii: "-"),
                offset == 0 || !Self.isNameByte(bytes[offset - 1])
            else {
                switch byte {
                case UInt8(ascii: ":"): lastColon = offset
                case UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"): lastBreak = offset
                default: break
                }
                offset += 1
                continue
            }
            var end = offset + 2
            while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
            if end > offset + 2,
                Self.followsVar(bytes, offset)
                    || (bare && lastColon > lastBreak && !Self.isDeclared(bytes, end))
            {
                uses.append(Use(name: String(decoding: bytes[offset..<end], as: UTF8.self), start: offset, end: end))
            }
            offset = end
        }
    }

    /// The use whose name holds `offset` (a binary search: uses are in text order).
    public func use(at offset: Int) -> Use? {
        var low = 0
        var high = uses.count
        while low < high {
            let middle = (low + high) / 2
            if uses[middle].end < offset { low = middle + 1 } else { high = middle }
        }
        return low < uses.count && uses[low].start <= offset ? uses[low] : nil
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), 0x80...0xFF:
            true
        default: false
        }
    }

    /// Whether `var(` (spaces allowed) stands right before `offset`.
    static func followsVar(_ bytes: [UInt8], _ offset: Int) -> Bool {
        var cursor = offset - 1
        while cursor >= 0, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor -= 1 }
        guard cursor >= 3, bytes[cursor] == UInt8(ascii: "(") else { return false }
        return String(decoding: bytes[(cursor - 3)..<cursor], as: UTF8.self).lowercased() == "var"
    }

    /// Whether a `:` follows the name (spaces between): the name is the property being declared, not a value.
    static func isDeclared(_ bytes: [UInt8], _ end: Int) -> Bool {
        var cursor = end
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        return cursor < bytes.count && bytes[cursor] == UInt8(ascii: ":")
    }

    /// Where the cursor stands in a `var(--` being typed: the offset of `--` and the part of the name before it.
    public static func completionStart(in bytes: [UInt8], at offset: Int) -> (start: Int, partial: String)? {
        let offset = min(offset, bytes.count)
        var start = offset
        while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
        guard start + 2 <= offset, bytes[start] == UInt8(ascii: "-"), bytes[start + 1] == UInt8(ascii: "-"),
            followsVar(bytes, start)
        else { return nil }
        return (start, String(decoding: bytes[(start + 2)..<offset], as: UTF8.self))
    }
}
