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
        var offset = 0
        while offset + 1 < bytes.count {
            guard bytes[offset] == UInt8(ascii: "-"), bytes[offset + 1] == UInt8(ascii: "-"),
                offset == 0 || !Self.isNameByte(bytes[offset - 1])
            else {
                offset += 1
                continue
            }
            var end = offset + 2
            while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[offset..<end], as: UTF8.self)
            if end > offset + 2, Self.followsVar(bytes, offset) || (bare && Self.isInValue(bytes, offset, end)) {
                uses.append(Use(name: name, start: offset, end: end))
            }
            offset = end
        }
    }

    /// The use whose name holds `offset`.
    public func use(at offset: Int) -> Use? { uses.first { $0.start <= offset && offset <= $0.end } }

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

    /// Whether a bare `--NAME` stands in a declaration's value (after a `:` on its statement), not as the property
    /// being declared.
    static func isInValue(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        var cursor = end
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") { return false }
        cursor = start - 1
        while cursor >= 0 {
            switch bytes[cursor] {
            case UInt8(ascii: ":"): return true
            case UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"): return false
            default: cursor -= 1
            }
        }
        return false
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
