import SnapStyleVocabulary
/// A tolerant reading of JSON text for the editor: every string (key or value), number and literal with its byte
/// range and its path from the root, and every object and array with its extent. Text being typed (unclosed
/// strings and brackets, missing commas) is read as far as it makes sense; nothing is ever refused.
public struct JSONScan: Sendable {
    /// One step of a path: an object member's key or an array element's index.
    public enum Segment: Hashable, Sendable {
        case key(String)
        case index(Int)

        public var key: String? { if case .key(let key) = self { key } else { nil } }
    }

    /// The paths of a scan's tokens as a tree: each node one segment below its parent, so that a token's path costs
    /// one number however deep it stands (a copy of the path per token made memory quadratic in the nesting).
    public final class PathTable: Sendable {
        /// Per node: its parent (-1 for the root, node 0, the empty path), its segment and its depth.
        public let parents: [Int32]
        public let segments: [Segment]
        public let depths: [Int32]

        init(parents: [Int32], segments: [Segment], depths: [Int32]) {
            self.parents = parents
            self.segments = segments
            self.depths = depths
        }

        static let empty = PathTable(parents: [-1], segments: [.index(0)], depths: [0])

        /// The path of a node, root first.
        public func path(_ node: Int32) -> [Segment] {
            var result: [Segment] = []
            result.reserveCapacity(Int(depths[Int(node)]))
            var current = node
            while current > 0 {
                result.append(segments[Int(current)])
                current = parents[Int(current)]
            }
            return result.reversed()
        }

        /// The last segment of a node's path (nil for the root).
        public func last(_ node: Int32) -> Segment? { node > 0 ? segments[Int(node)] : nil }
    }

    /// A string in the text.
    public struct StringToken: Sendable, Hashable {
        /// The decoded text.
        public var text: String
        /// The offset of the opening quote.
        public var start: Int
        /// The offset just past the closing quote (or where an unclosed string stops).
        public var end: Int
        public var isKey: Bool
        /// The node of its path in `table`: for a key, its member's (the object's path and the key); for a value,
        /// the value's.
        public var node: Int32
        /// For a key, the offset just past its member's value (the key's own end while the value is missing).
        public var memberEnd: Int
        var table = PathTable.empty

        /// The offsets of the text between the quotes.
        public var contentStart: Int { start + 1 }
        /// The path from the root (made on each call: prefer `depth` and `last` where they do).
        public var path: [Segment] { table.path(node) }
        public var depth: Int { Int(table.depths[Int(node)]) }
        /// The path's last segment.
        public var last: Segment? { table.last(node) }

        public static func == (a: Self, b: Self) -> Bool {
            (a.text, a.start, a.end, a.isKey, a.memberEnd) == (b.text, b.start, b.end, b.isKey, b.memberEnd)
                && a.path == b.path
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(start)
            hasher.combine(end)
        }
    }

    /// A number, `true`, `false` or `null`.
    public struct ScalarToken: Sendable, Hashable {
        public var start: Int
        public var end: Int
        public var node: Int32
    }

    /// An object or an array.
    public struct Container: Sendable, Hashable {
        public var node: Int32
        public var start: Int
        /// Just past the closing bracket, or the end of the text when it is not closed.
        public var end: Int
        public var isObject: Bool
    }

    // How deep the scan records is `Limits.scanDepth`: what lies deeper is skipped as text (no theme file nests near
    // it; jansson refuses files nested deeper than 2,048 levels).

    public private(set) var strings: [StringToken] = []
    public private(set) var scalars: [ScalarToken] = []
    public private(set) var containers: [Container] = []
    /// The paths of every token.
    public let paths: PathTable

    public init(bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        reader.run(until: bytes.count)
        paths = PathTable(parents: reader.parents, segments: reader.segments, depths: reader.depths)
        strings = reader.strings
        for index in strings.indices { strings[index].table = paths }
        scalars = reader.scalars
        containers =
            reader.containers
            + reader.frames.reversed().map {
                Container(node: $0.node, start: $0.start, end: bytes.count, isObject: $0.isObject)
            }
    }

    /// The string whose text (quotes included) holds `offset`.
    public func string(at offset: Int) -> StringToken? {
        var low = 0
        var high = strings.count
        while low < high {
            let middle = (low + high) / 2
            if strings[middle].end < offset { low = middle + 1 } else { high = middle }
        }
        guard low < strings.count, strings[low].start <= offset, offset <= strings[low].end else { return nil }
        return strings[low]
    }

    /// The extent of whatever starts at `offset`: a string, a scalar, or (its first line only) an object or array.
    public func extent(startingAt offset: Int, in bytes: [UInt8]) -> (start: Int, end: Int) {
        if let string = Self.first(in: strings, startingAt: offset, \.start) { return (string.start, string.end) }
        if let scalar = Self.first(in: scalars, startingAt: offset, \.start) { return (scalar.start, scalar.end) }
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return (offset, max(end, min(offset + 1, bytes.count)))
    }

    /// The element of a list sorted by `start` that starts at `offset` (a binary search).
    static func first<T>(in list: [T], startingAt offset: Int, _ start: KeyPath<T, Int>) -> T? {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle][keyPath: start] < offset { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low][keyPath: start] == offset ? list[low] : nil
    }

    /// Where the cursor stands, read from the text before it.
    public static func cursor(in bytes: [UInt8], at offset: Int) -> JSONCursor {
        var reader = Reader(bytes: bytes)
        reader.run(until: min(offset, bytes.count))
        let table = PathTable(parents: reader.parents, segments: reader.segments, depths: reader.depths)
        if let open = reader.openString {
            let partial = String(decoding: bytes[(open.start + 1)..<min(offset, bytes.count)], as: UTF8.self)
            let place: JSONCursor.Place = open.isKey ? .key(partial: partial) : .value(partial: partial)
            return JSONCursor(place: place, path: table.path(open.node), stringStart: open.start)
        }
        guard let frame = reader.frames.last else { return JSONCursor(place: .outside, path: [], stringStart: nil) }
        if frame.isObject, frame.expectsKey {
            return JSONCursor(place: .keySlot, path: table.path(frame.node), stringStart: nil)
        }
        var path = table.path(frame.node)
        if frame.isObject {
            if let key = frame.key { path.append(.key(key)) }
        } else {
            path.append(.index(frame.index))
        }
        return JSONCursor(place: .valueSlot, path: path, stringStart: nil)
    }
}

/// What the text before a position says about it: inside a key or a value string (with the text typed so far),
/// or between tokens where a key or a value goes; `path` is the object's path for keys, the value's otherwise.
public struct JSONCursor: Sendable, Hashable {
    public enum Place: Sendable, Hashable {
        case key(partial: String)
        case value(partial: String)
        case keySlot
        case valueSlot
        case outside
    }

    public var place: Place
    public var path: [JSONScan.Segment]
    /// The offset of the opening quote when the cursor is inside a string.
    public var stringStart: Int?
}

extension JSONScan {
    struct Frame {
        var node: Int32
        var start: Int
        var isObject: Bool
        var expectsKey = true
        var key: String?
        /// The node of the member whose key was read last (its value's path).
        var keyNode: Int32?
        /// The index in `strings` of the key whose value is being read.
        var keyToken: Int?
        var index = 0
    }

    struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var frames: [Frame] = []
        var strings: [StringToken] = []
        var scalars: [ScalarToken] = []
        var containers: [Container] = []
        var openString: (start: Int, isKey: Bool, node: Int32)?
        var parents: [Int32] = [-1]
        var segments: [Segment] = [.index(0)]
        var depths: [Int32] = [0]

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// A new node one segment below `parent`.
        mutating func child(_ parent: Int32, _ segment: Segment) -> Int32 {
            parents.append(parent)
            segments.append(segment)
            depths.append(depths[Int(parent)] + 1)
            return Int32(parents.count - 1)
        }

        /// The node of the value that starts here: the member's (its key read) or the array element's.
        mutating func valueNode() -> Int32 {
            guard let frame = frames.last else { return 0 }
            if frame.isObject { return frame.keyNode ?? frame.node }
            return child(frame.node, .index(frame.index))
        }

        /// Whether the reader is deeper than `Limits.scanDepth`: nothing there is recorded.
        var isDeep: Bool { frames.count > Limits.scanDepth }

        mutating func run(until limit: Int) {
            while offset < limit {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "\""):
                    readString(limit: limit)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let node = frames.count >= Limits.scanDepth ? 0 : valueNode()
                    frames.append(Frame(node: node, start: offset, isObject: byte == UInt8(ascii: "{")))
                    offset += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    let wasDeep = isDeep
                    if let frame = frames.popLast(), !wasDeep {
                        containers.append(
                            Container(node: frame.node, start: frame.start, end: offset + 1, isObject: frame.isObject))
                        valueEnded(at: offset + 1)
                    }
                    offset += 1
                case UInt8(ascii: ":"):
                    if !frames.isEmpty { frames[frames.count - 1].expectsKey = false }
                    offset += 1
                case UInt8(ascii: ","):
                    if !frames.isEmpty {
                        if frames[frames.count - 1].isObject {
                            frames[frames.count - 1].expectsKey = true
                            frames[frames.count - 1].key = nil
                            frames[frames.count - 1].keyNode = nil
                            frames[frames.count - 1].keyToken = nil
                        } else {
                            frames[frames.count - 1].index += 1
                        }
                    }
                    offset += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    offset += 1
                default:
                    let start = offset
                    while offset < limit, !Self.isDelimiter(bytes[offset]) { offset += 1 }
                    if offset == start { offset += 1 }
                    guard !isDeep else { continue }
                    scalars.append(ScalarToken(start: start, end: offset, node: valueNode()))
                    valueEnded(at: offset)
                }
            }
        }

        /// A value ended: its member's key (if any) ends there.
        mutating func valueEnded(at end: Int) {
            guard let frame = frames.last, frame.isObject, let key = frame.keyToken else { return }
            strings[key].memberEnd = end
        }

        static func isDelimiter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
                UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"),
                UInt8(ascii: "\r"):
                true
            default: false
            }
        }

        mutating func readString(limit: Int) {
            let start = offset
            let isKey = frames.last.map { $0.isObject && $0.expectsKey } ?? false
            offset += 1
            var decoded: [UInt8] = []
            var closed = false
            while offset < limit {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    offset += 1
                    closed = true
                    break
                }
                // A string never spans lines in JSON: a line break ends one being typed.
                if byte == UInt8(ascii: "\n") { break }
                if byte == UInt8(ascii: "\\"), offset + 1 < limit {
                    offset += 1
                    decoded += Self.unescape(bytes, &offset)
                    continue
                }
                decoded.append(byte)
                offset += 1
            }
            guard !isDeep else { return }
            let text = String(decoding: decoded, as: UTF8.self)
            let node: Int32
            if isKey {
                node = child(frames.last?.node ?? 0, .key(text))
                frames[frames.count - 1].key = text
                frames[frames.count - 1].keyNode = node
                frames[frames.count - 1].keyToken = strings.count
            } else {
                node = valueNode()
            }
            if !closed, offset >= limit { openString = (start, isKey, isKey ? (frames.last?.node ?? 0) : node) }
            strings.append(
                StringToken(text: text, start: start, end: offset, isKey: isKey, node: node, memberEnd: offset))
            if !isKey { valueEnded(at: offset) }
        }

        static func unescape(_ bytes: [UInt8], _ offset: inout Int) -> [UInt8] {
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "n"): return [0x0A]
            case UInt8(ascii: "t"): return [0x09]
            case UInt8(ascii: "r"): return [0x0D]
            case UInt8(ascii: "b"): return [0x08]
            case UInt8(ascii: "f"): return [0x0C]
            case UInt8(ascii: "u"):
                guard offset + 4 <= bytes.count,
                    let unit = UInt32(String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self), radix: 16)
                else { return [] }
                offset += 4
                return Array(String(Unicode.Scalar(unit).map(Character.init) ?? "\u{FFFD}").utf8)
            default: return [escape]
            }
        }
    }
}
