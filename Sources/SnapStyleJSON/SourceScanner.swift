/// Builds the `SourceNode` tree of a JSON text that a parser has already accepted.
///
/// It relies on the text being valid JSON (and objects free of duplicate keys), so it only tracks
/// structure and positions; it reports nothing.
public struct SourceScanner {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    public init(_ text: String) { self.bytes = Array(text.utf8) }

    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The tree for the whole text.
    public mutating func scan() -> SourceNode {
        entries = []
        childIndices = []
        skipWhitespace()
        let root = value(keyPosition: nil)
        let table = SourceTable(entries: entries, childIndices: childIndices)
        entries = []
        childIndices = []
        return SourceNode(table: table, index: root)
    }

    /// The table being built.
    private var entries: [SourceTable.Entry] = []
    private var childIndices: [UInt32] = []

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): advance()
            default: return
            }
        }
    }

    /// Adds a node; its children come later, with `close`.
    private mutating func open(keyPosition: SourcePosition?, at start: SourcePosition) -> Int {
        entries.append(
            SourceTable.Entry(
                keyLine: UInt32(clamping: keyPosition?.line ?? 0),
                keyColumn: UInt32(clamping: keyPosition?.column ?? 0),
                line: UInt32(clamping: start.line), column: UInt32(clamping: start.column), firstChild: 0, childCount: 0
            ))
        return entries.count - 1
    }

    /// Gives a container the children gathered for it.
    private mutating func close(_ node: Int, children: [UInt32]) {
        entries[node].firstChild = UInt32(childIndices.count)
        entries[node].childCount = UInt32(children.count)
        childIndices += children
    }

    /// Scans one value; its index in the table.
    private mutating func value(keyPosition: SourcePosition?) -> Int {
        let start = position
        let node = open(keyPosition: keyPosition, at: start)
        guard index < bytes.count else { return node }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            advance()
            var children: [UInt32] = []
            skipWhitespace()
            while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
                let key = position
                skipString()
                skipWhitespace()
                if index < bytes.count { advance() }  // ':'
                skipWhitespace()
                children.append(UInt32(value(keyPosition: key)))
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    advance()
                    skipWhitespace()
                }
            }
            if index < bytes.count { advance() }
            close(node, children: children)
        case UInt8(ascii: "["):
            advance()
            var children: [UInt32] = []
            skipWhitespace()
            while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
                children.append(UInt32(value(keyPosition: nil)))
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    advance()
                    skipWhitespace()
                }
            }
            if index < bytes.count { advance() }
            close(node, children: children)
        case UInt8(ascii: "\""):
            skipString()
        default:
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\n"),
                    UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    return node
                default: advance()
                }
            }
        }
        return node
    }

    /// In a text a parser rejected for a duplicate object key: the first key that appears twice in one object,
    /// with the positions of both.
    public mutating func firstDuplicateKey() -> (key: String, first: SourcePosition, second: SourcePosition)? {
        index = 0
        line = 1
        column = 1
        // One frame per open object or array: the keys seen (objects only) and whether a key comes next.
        var frames: [(isObject: Bool, keys: [String: SourcePosition], expectingKey: Bool)] = []
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                frames.append((true, [:], true))
                advance()
            case UInt8(ascii: "["):
                frames.append((false, [:], false))
                advance()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = frames.popLast()
                advance()
            case UInt8(ascii: ","):
                if let last = frames.indices.last, frames[last].isObject { frames[last].expectingKey = true }
                advance()
            case UInt8(ascii: "\""):
                let start = position
                let from = index + 1
                skipString()
                guard let last = frames.indices.last, frames[last].isObject, frames[last].expectingKey else { continue }
                let key = String(decoding: bytes[from..<max(from, index - 1)], as: UTF8.self)
                if let first = frames[last].keys[key] { return (key, first, start) }
                frames[last].keys[key] = start
                frames[last].expectingKey = false
            default:
                advance()
            }
        }
        return nil
    }

    private mutating func skipString() {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return }
        advance()
        while index < bytes.count {
            let byte = bytes[index]
            advance()
            if byte == UInt8(ascii: "\\") {
                if index < bytes.count { advance() }
            } else if byte == UInt8(ascii: "\"") {
                return
            }
        }
    }
}
