import SnapStyleEngine
import SnapStyleJansson
import SnapStyleThemes

/// What one theme file defines and names, read from its text (unsaved edits included) with `JSONScan`: native
/// sections and their keys, containers, components and every reference; DTCG and Tokens Studio groups and tokens and
/// every `{alias}`. Names that only look like references (a string in a place that takes a key) are kept as
/// candidates; the workspace keeps those the theme defines.
public struct ThemeFileModel: Sendable {
    public enum Format: Sendable, Hashable { case native, tokens, resolver }

    public let format: Format
    public let scan: JSONScan
    public private(set) var sites: [NameSite] = []
    /// Token groups and tokens (token files), or sections and keys (native files), for the outline.
    public private(set) var outline: [OutlineItem] = []

    /// Reads a file's text; `path` (when known) lets its name tell a token file or a resolver, as the importer
    /// reads it.
    public init(bytes: [UInt8], path: String? = nil) {
        let scan = JSONScan(bytes: bytes)
        self.scan = scan
        let keysByObject = Dictionary(grouping: scan.strings.filter(\.isKey)) { scan.paths.parents[Int($0.node)] }
        let tokenObjects = Self.tokenObjects(keysByObject)
        let format: Format
        switch Self.role(path: path, bytes: bytes) {
        case .resolver?: format = .resolver
        case .tokens?: format = .tokens
        case .native?, .metadata?: format = .native
        case nil:
            // Text that does not parse (being typed): told apart by what the tolerant scan found.
            if scan.strings.contains(where: { $0.isKey && $0.depth == 1 && $0.text == "resolutionOrder" }) {
                format = .resolver
            } else {
                format = tokenObjects.isEmpty ? .native : .tokens
            }
        }
        self.format = format
        switch format {
        case .tokens: readTokens(bytes, keysByObject: keysByObject, tokenObjects: tokenObjects)
        case .native: readNative(bytes)
        case .resolver: break
        }
        sites.sort { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// What the importer reads a file as (`ThemeDiscovery.FileRole`): by its name, else by its content; nil when the
    /// text does not parse.
    static func role(path: String?, bytes: [UInt8]) -> ThemeDiscovery.FileRole? {
        if let path, case let byName = ThemeDiscovery.FileRole(path: path), byName != .native { return byName }
        guard let json = try? Jansson.parse(bytes: bytes) else { return nil }
        return ThemeDiscovery.FileRole(content: json)
    }

    /// The objects (their path nodes) that are tokens: those with `$value`, or Tokens Studio's `value` beside `type`.
    static func tokenObjects(_ keysByObject: [Int32: [JSONScan.StringToken]]) -> Set<Int32> {
        var objects = Set<Int32>()
        for (object, members) in keysByObject where object > 0 {
            let names = Set(members.map(\.text))
            if names.contains("$value") || (names.contains("value") && names.contains("type")) {
                objects.insert(object)
            }
        }
        return objects
    }

    /// The sites whose range holds `offset`, innermost (shortest) first.
    public func sites(at offset: Int) -> [NameSite] {
        sites.filter { $0.start <= offset && offset <= $0.end }.sorted { ($0.end - $0.start) < ($1.end - $1.start) }
    }

    // MARK: Native files

    mutating func readNative(_ bytes: [UInt8]) {
        var sections: [String: OutlineItem] = [:]
        var order: [String] = []
        // Each node's section: the key at depth 1 above it (one pass, parents come before their children).
        let paths = scan.paths
        var top = [Int32](repeating: 0, count: paths.parents.count)
        for node in 1..<max(paths.parents.count, 1) {
            let parent = paths.parents[node]
            top[node] = parent == 0 ? Int32(node) : top[Int(parent)]
        }
        for string in scan.strings {
            guard string.node > 0, let section = paths.segments[Int(top[Int(string.node)])].key else { continue }
            let depth = string.depth
            if string.isKey, depth == 1 {
                sections[section] = OutlineItem(
                    name: section, kind: .section, start: string.start, end: string.memberEnd, selection: string)
                order.append(section)
                continue
            }
            if string.isKey, depth == 2 {
                let name: StyleName? =
                    switch section {
                    case "container": .container(string.text)
                    case "component": .component(string.text)
                    default: Attribute(rawValue: section).map { .key($0, string.text) }
                    }
                if let name {
                    sites.append(NameSite(name: name, role: .definition, start: string.start + 1, end: string.end - 1))
                    sections[section]?.children.append(
                        OutlineItem(
                            name: string.text, kind: .key, start: string.start, end: string.memberEnd,
                            selection: string))
                }
                continue
            }
            guard !string.isKey else { continue }
            if string.last?.key == "calc" {
                sites += Self.braced(string, bytes: bytes).map {
                    NameSite(name: .key(.number, $0.text), role: .reference, start: $0.start, end: $0.end)
                }
                continue
            }
            if depth <= Limits.referenceNesting, let name = NativeReference.name(string.text, path: string.path) {
                sites.append(NameSite(name: name, role: .reference, start: string.start + 1, end: string.end - 1))
            }
        }
        outline = order.compactMap { sections[$0] }
    }

    // MARK: Token files

    mutating func readTokens(
        _ bytes: [UInt8], keysByObject: [Int32: [JSONScan.StringToken]], tokenObjects: Set<Int32>
    ) {
        let paths = scan.paths
        // Per node: whether it is no group nor token (under a `$` member, an array or a token), in one pass.
        var excluded = [Bool](repeating: false, count: paths.parents.count)
        for node in 1..<max(paths.parents.count, 1) {
            let parent = Int(paths.parents[node])
            excluded[node] =
                excluded[parent] || (paths.segments[node].key?.hasPrefix("$") ?? true)
                || (parent > 0 && tokenObjects.contains(Int32(parent)))
        }
        var items: [Int32: OutlineItem] = [:]
        for key in scan.strings where key.isKey && !excluded[Int(key.node)] {
            let isToken = tokenObjects.contains(key.node)
            if isToken, let name = Self.tokenPath(key.path) {
                sites.append(NameSite(name: .token(name), role: .definition, start: key.start + 1, end: key.end - 1))
            }
            guard isToken || keysByObject[key.node] != nil else { continue }
            items[key.node] = OutlineItem(
                name: key.text, kind: isToken ? .token : .group, start: key.start, end: key.memberEnd, selection: key)
        }
        // Children attach to their parents, deepest first.
        for node in items.keys.sorted(by: { paths.depths[Int($0)] > paths.depths[Int($1)] }) {
            let parent = paths.parents[Int(node)]
            guard parent > 0, let item = items[node], items[parent] != nil else { continue }
            items[parent]?.children.append(item)
            items[node] = nil
        }
        outline = items.values.sorted { $0.start < $1.start }
        for item in outline.indices { outline[item].sortChildren() }
        for string in scan.strings where !string.isKey {
            if string.last?.key == "$ref", let pointer = Self.pointer(string, bytes: bytes) {
                sites.append(
                    NameSite(
                        name: .token(pointer.text), role: .reference, start: pointer.start, end: pointer.end,
                        isPointer: true))
                continue
            }
            guard string.text.contains("{") else { continue }
            for alias in Self.braced(string, bytes: bytes) {
                sites.append(NameSite(name: .token(alias.text), role: .reference, start: alias.start, end: alias.end))
                // Style Dictionary 3 writes `{a.b.value}` for `{a.b}`: both readings are kept, the theme decides.
                if alias.text.hasSuffix(".value"), alias.text.count > 6 {
                    sites.append(
                        NameSite(
                            name: .token(String(alias.text.dropLast(6))), role: .reference, start: alias.start,
                            end: alias.end - 6))
                }
            }
        }
    }

    /// A token's dotted path: its keys, `$`-members left out.
    static func tokenPath(_ path: [JSONScan.Segment]) -> String? {
        let keys = path.compactMap(\.key)
        guard keys.count == path.count else { return nil }
        return keys.joined(separator: ".")
    }

    /// A JSON Pointer alias (`{"$ref": "#/color/blue"}`, `#/color/blue/$value/components/0`): the token's dotted path
    /// and the byte range of its segments (`color/blue`), read from the raw text; nil for any other `$ref`.
    static func pointer(_ string: JSONScan.StringToken, bytes: [UInt8]) -> (text: String, start: Int, end: Int)? {
        let start = string.contentStart + 2
        guard start < min(string.end, bytes.count), bytes[string.contentStart] == UInt8(ascii: "#"),
            bytes[string.contentStart + 1] == UInt8(ascii: "/")
        else { return nil }
        let contentEnd = min(string.end, bytes.count)
        var end = start
        var segments: [String] = []
        var segmentStart = start
        while segmentStart < contentEnd {
            var cursor = segmentStart
            while cursor < contentEnd, bytes[cursor] != UInt8(ascii: "/"), bytes[cursor] != UInt8(ascii: "\"") {
                cursor += 1
            }
            let segment = String(decoding: bytes[segmentStart..<cursor], as: UTF8.self)
            if segment.isEmpty || segment.hasPrefix("$") { break }
            segments.append(segment.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~"))
            end = cursor
            guard cursor < contentEnd, bytes[cursor] == UInt8(ascii: "/") else { break }
            segmentStart = cursor + 1
        }
        return segments.isEmpty ? nil : (segments.joined(separator: "."), start, end)
    }

    /// The `{NAME}` parts of a string, each as the name and the byte range of the name (braces excluded), read from
    /// the raw text between the quotes.
    static func braced(_ string: JSONScan.StringToken, bytes: [UInt8]) -> [(text: String, start: Int, end: Int)] {
        var found: [(String, Int, Int)] = []
        var offset = string.contentStart
        let end = min(string.end, bytes.count)
        while offset < end {
            if bytes[offset] == UInt8(ascii: "{") {
                var close = offset + 1
                while close < end, bytes[close] != UInt8(ascii: "}"), bytes[close] != UInt8(ascii: "{"),
                    bytes[close] != UInt8(ascii: "\"")
                {
                    close += 1
                }
                if close < end, bytes[close] == UInt8(ascii: "}"), close > offset + 1 {
                    found.append((String(decoding: bytes[(offset + 1)..<close], as: UTF8.self), offset + 1, close))
                    offset = close
                }
            }
            offset += 1
        }
        return found
    }

}

/// One entry of a file's outline: a section, a key, a token group or a token, with its children.
public struct OutlineItem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case section, key, group, token }

    public var name: String
    public var kind: Kind
    /// The member's extent, key to the end of its value.
    public var start: Int
    public var end: Int
    /// The key's own range (quotes included).
    public var selectionStart: Int
    public var selectionEnd: Int
    public var children: [OutlineItem] = []

    init(name: String, kind: Kind, start: Int, end: Int, selection: JSONScan.StringToken) {
        self.name = name
        self.kind = kind
        self.start = start
        self.end = end
        selectionStart = selection.start
        selectionEnd = selection.end
    }

    mutating func sortChildren() {
        children.sort { $0.start < $1.start }
        for index in children.indices { children[index].sortChildren() }
    }
}
