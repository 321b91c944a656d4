import SnapStyleJSON

/// A position as the Language Server Protocol counts it: a 0-based line and a 0-based offset in UTF-16 code units.
public struct LSPPosition: Hashable, Sendable, Comparable, Decodable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Self, b: Self) -> Bool { (a.line, a.character) < (b.line, b.character) }

    public var json: JSONValue { ["line": .integer(Int64(line)), "character": .integer(Int64(character))] }

    enum CodingKeys: String, CodingKey { case line, character }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let line = try container.decode(Int.self, forKey: .line)
        let character = try container.decode(Int.self, forKey: .character)
        guard line >= 0, character >= 0 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a position is not negative"))
        }
        self.init(line: line, character: character)
    }
}

/// A range of text between two LSP positions, the end exclusive.
public struct LSPRange: Hashable, Sendable, Decodable {
    public var start: LSPPosition
    public var end: LSPPosition

    public init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    public var json: JSONValue { ["start": start.json, "end": end.json] }

    public func contains(_ position: LSPPosition) -> Bool { start <= position && position <= end }
}

/// The text of one document as UTF-8 bytes, with its line starts, converting byte offsets to LSP positions
/// (UTF-16 code units) and back, and applying the editor's changes.
public struct TextDocument: Sendable {
    public private(set) var bytes: [UInt8]
    /// Where each line starts; those after `shift.line` are `shift.delta` short until `settleLines()` (typing on
    /// one line moves every later line: the move is kept as one number while the edits stay on that line).
    private var storedStarts: [Int]
    private var shift: (line: Int, delta: Int)?
    /// Per line, whether it is ASCII only: there a column is a byte count (a minified file is one long line).
    private var asciiLines: [Bool]
    /// The version the editor gave with the last change (0 for a file read from disk).
    public var version: Int

    public init(bytes: [UInt8], version: Int = 0) {
        self.bytes = bytes
        self.version = version
        (storedStarts, asciiLines) = Self.lines(of: bytes)
        shift = nil
    }

    public init(_ text: String, version: Int = 0) { self.init(bytes: Array(text.utf8), version: version) }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
    public var lineCount: Int { storedStarts.count }

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
        guard line + 1 < storedStarts.count else { return bytes.count }
        let next = lineStart(line + 1) - 1
        return next > lineStart(line) && bytes[next - 1] == UInt8(ascii: "\r") ? next - 1 : next
    }

    /// The byte offset of a position; a character past the line's end is the line's end, a line past the last is
    /// the end of the text.
    public func offset(of position: LSPPosition) -> Int {
        guard position.line < storedStarts.count else { return bytes.count }
        var offset = lineStart(position.line)
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
        var high = storedStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStart(middle) <= offset { low = middle } else { high = middle - 1 }
        }
        if asciiLines[low] { return LSPPosition(line: low, character: offset - lineStart(low)) }
        var cursor = lineStart(low)
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
        guard line >= 1, line <= storedStarts.count else { return bytes.count }
        var offset = lineStart(line - 1)
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

    /// The positions of many offsets in one pass over the text (in the order given): what a whole-document answer
    /// uses, so that many places on one long line that is not ASCII (a minified file) cost one walk of it.
    public func positions(of offsets: [Int]) -> [LSPPosition] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [LSPPosition](repeating: LSPPosition(line: 0, character: 0), count: offsets.count)
        var line = 0
        var cursor = 0
        var units = 0
        for index in order {
            let offset = min(max(offsets[index], 0), bytes.count)
            if line + 1 < storedStarts.count, lineStart(line + 1) <= offset {
                var low = line + 1
                var high = storedStarts.count - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if lineStart(middle) <= offset { low = middle } else { high = middle - 1 }
                }
                line = low
                cursor = lineStart(line)
                units = 0
            }
            if asciiLines[line] {
                result[index] = LSPPosition(line: line, character: offset - lineStart(line))
                continue
            }
            if cursor < lineStart(line) {
                cursor = lineStart(line)
                units = 0
            }
            while cursor < offset {
                let (length, width) = Self.scalar(bytes, at: cursor)
                units += width
                cursor += length
            }
            result[index] = LSPPosition(line: line, character: units)
        }
        return result
    }

    /// The ranges of many byte ranges in one pass (`positions(of:)`).
    public func ranges(_ pairs: [(Int, Int)]) -> [LSPRange] {
        let found = positions(of: pairs.flatMap { [$0.0, $0.1] })
        return pairs.indices.map { LSPRange(start: found[2 * $0], end: found[2 * $0 + 1]) }
    }

    /// Where a line starts.
    @inline(__always)
    func lineStart(_ line: Int) -> Int {
        guard let shift, line > shift.line else { return storedStarts[line] }
        return storedStarts[line] + shift.delta
    }

    /// Writes the pending shift into the line starts.
    private mutating func settleLines() {
        guard let pending = shift else { return }
        shift = nil
        guard pending.delta != 0 else { return }
        for line in (pending.line + 1)..<storedStarts.count { storedStarts[line] += pending.delta }
    }

    /// The line holding a byte offset.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = storedStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStart(middle) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Applies one `contentChanges` entry: the whole text, or `text` in place of `range`. Only the lines the change
    /// touches are read again; an edit within one line (typing) costs no pass over the other lines.
    public mutating func apply(_ replacement: String, in range: LSPRange?) {
        guard let range else {
            bytes = Array(replacement.utf8)
            (storedStarts, asciiLines) = Self.lines(of: bytes)
            shift = nil
            return
        }
        let start = offset(of: range.start)
        let end = max(start, offset(of: range.end))
        let inserted = Array(replacement.utf8)
        let firstLine = line(of: start)
        let lastLine = line(of: end)
        bytes.replaceSubrange(start..<end, with: inserted)
        let delta = inserted.count - (end - start)
        var breaks: [Int] = []
        var isASCII = true
        for (index, byte) in inserted.enumerated() {
            if byte == UInt8(ascii: "\n") { breaks.append(start + index + 1) }
            if byte >= 0x80 { isASCII = false }
        }
        if firstLine == lastLine, breaks.isEmpty {
            if !isASCII { asciiLines[firstLine] = false }
            if let pending = shift, pending.line != firstLine { settleLines() }
            shift = (firstLine, (shift?.delta ?? 0) + delta)
            return
        }
        settleLines()
        let after = (lastLine + 1)..<storedStarts.count
        let moved = storedStarts[after].map { $0 + delta }
        storedStarts.replaceSubrange((firstLine + 1)..<storedStarts.count, with: breaks + moved)
        asciiLines.replaceSubrange(
            (firstLine + 1)..<asciiLines.count,
            with: [Bool](repeating: true, count: breaks.count) + asciiLines[after])
        for line in firstLine...(firstLine + breaks.count) {
            let next = line + 1 < storedStarts.count ? storedStarts[line + 1] : bytes.count
            asciiLines[line] = !bytes[storedStarts[line]..<next].contains { $0 >= 0x80 }
        }
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
