import SnapStyleJSON

/// A position as the Language Server Protocol counts it: a 0-based line and a 0-based offset in UTF-16 code units.
public struct LSPPosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Self, b: Self) -> Bool { (a.line, a.character) < (b.line, b.character) }

    public var json: JSONValue { ["line": .integer(Int64(line)), "character": .integer(Int64(character))] }

    public init?(json: JSONValue?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue, line >= 0,
            character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }
}

/// A range of text between two LSP positions, the end exclusive.
public struct LSPRange: Hashable, Sendable {
    public var start: LSPPosition
    public var end: LSPPosition

    public init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    public var json: JSONValue { ["start": start.json, "end": end.json] }

    public init?(json: JSONValue?) {
        guard let start = LSPPosition(json: json?["start"]), let end = LSPPosition(json: json?["end"]) else {
            return nil
        }
        self.init(start: start, end: end)
    }

    public func contains(_ position: LSPPosition) -> Bool { start <= position && position <= end }
}

/// The text of one document as UTF-8 bytes, with its line starts, converting byte offsets to LSP positions
/// (UTF-16 code units) and back, and applying the editor's changes.
public struct TextDocument: Sendable {
    public private(set) var bytes: [UInt8]
    private var lineStarts: [Int]
    /// Per line, whether it is ASCII only: there a column is a byte count (a minified file is one long line).
    private var asciiLines: [Bool]
    /// The version the editor gave with the last change (0 for a file read from disk).
    public var version: Int

    public init(bytes: [UInt8], version: Int = 0) {
        self.bytes = bytes
        self.version = version
        (lineStarts, asciiLines) = Self.lines(of: bytes)
    }

    public init(_ text: String, version: Int = 0) { self.init(bytes: Array(text.utf8), version: version) }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
    public var lineCount: Int { lineStarts.count }

    static func lines(of bytes: [UInt8]) -> (starts: [Int], ascii: [Bool]) {
        var starts = [0]
        var ascii = [true]
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                starts.append(index + 1)
                ascii.append(true)
            } else if byte >= 0x80 {
                ascii[ascii.count - 1] = false
            }
        }
        return (starts, ascii)
    }

    /// The byte offset where a line's text ends (before its line break).
    func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        let next = lineStarts[line + 1] - 1
        return next > lineStarts[line] && bytes[next - 1] == UInt8(ascii: "\r") ? next - 1 : next
    }

    /// The byte offset of a position; a character past the line's end is the line's end, a line past the last is
    /// the end of the text.
    public func offset(of position: LSPPosition) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        var offset = lineStarts[position.line]
        let end = lineEnd(position.line)
        if asciiLines[position.line] { return min(offset + position.character, end) }
        var units = 0
        while offset < end, units < position.character {
            let (length, width) = Self.scalar(bytes, at: offset)
            units += width
            offset += length
        }
        return offset
    }

    /// The position of a byte offset (clamped to the text).
    public func position(of offset: Int) -> LSPPosition {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        if asciiLines[low] { return LSPPosition(line: low, character: offset - lineStarts[low]) }
        var cursor = lineStarts[low]
        var units = 0
        while cursor < offset {
            let (length, width) = Self.scalar(bytes, at: cursor)
            units += width
            cursor += length
        }
        return LSPPosition(line: low, character: units)
    }

    /// The byte offset of a 1-based line and a 1-based column counted in Unicode scalars (how `check` reports).
    public func offset(line: Int, scalarColumn: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return bytes.count }
        var offset = lineStarts[line - 1]
        let end = lineEnd(line - 1)
        if asciiLines[line - 1] { return min(offset + max(scalarColumn - 1, 0), end) }
        var column = 1
        while offset < end, column < scalarColumn {
            offset += Self.scalar(bytes, at: offset).length
            column += 1
        }
        return offset
    }

    public func range(_ start: Int, _ end: Int) -> LSPRange {
        LSPRange(start: position(of: start), end: position(of: end))
    }

    /// Applies one `contentChanges` entry: the whole text, or `text` in place of `range`.
    public mutating func apply(_ replacement: String, in range: LSPRange?) {
        guard let range else {
            bytes = Array(replacement.utf8)
            (lineStarts, asciiLines) = Self.lines(of: bytes)
            return
        }
        let start = offset(of: range.start)
        let end = max(start, offset(of: range.end))
        bytes.replaceSubrange(start..<end, with: Array(replacement.utf8))
        (lineStarts, asciiLines) = Self.lines(of: bytes)
    }

    /// The UTF-8 length of the scalar at `offset` and its width in UTF-16 code units (a malformed byte counts as one).
    static func scalar(_ bytes: [UInt8], at offset: Int) -> (length: Int, width: Int) {
        let lead = bytes[offset]
        let length: Int
        switch lead {
        case 0..<0x80: return (1, 1)
        case 0xC0..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF8: length = 4
        default: return (1, 1)
        }
        guard offset + length <= bytes.count else { return (1, 1) }
        for index in 1..<length where bytes[offset + index] & 0xC0 != 0x80 { return (1, 1) }
        return (length, length == 4 ? 2 : 1)
    }
}
