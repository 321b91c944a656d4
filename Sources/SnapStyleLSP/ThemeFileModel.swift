import SnapStyleEngine

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

    public init(bytes: [UInt8]) {
        let scan = JSONScan(bytes: bytes)
        self.scan = scan
        let keysByObject = Dictionary(grouping: scan.strings.filter(\.isKey)) { Array($0.path.dropLast()) }
        let tokenPaths = Self.tokenPaths(keysByObject)
        if scan.strings.contains(where: { $0.isKey && $0.path == [.key("resolutionOrder")] }) {
            format = .resolver
        } else if !tokenPaths.isEmpty {
            format = .tokens
            readTokens(bytes, keysByObject: keysByObject, tokenPaths: tokenPaths)
        } else {
            format = .native
            readNative(bytes)
        }
        sites.sort { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// The objects that are tokens: those with `$value`, or Tokens Studio's `value` beside `type`.
    static func tokenPaths(_ keysByObject: [[JSONScan.Segment]: [JSONScan.StringToken]]) -> Set<[JSONScan.Segment]> {
        var paths = Set<[JSONScan.Segment]>()
        for (object, members) in keysByObject {
            let names = Set(members.compactMap { $0.path.last?.key })
            if names.contains("$value") || (names.contains("value") && names.contains("type")) { paths.insert(object) }
        }
        return paths
    }

    /// The sites whose range holds `offset`, innermost (shortest) first.
    public func sites(at offset: Int) -> [NameSite] {
        sites.filter { $0.start <= offset && offset <= $0.end }.sorted { ($0.end - $0.start) < ($1.end - $1.start) }
    }

    // MARK: Native files

    /// The attribute a string names a key of, by the member that holds it (`nil`: not a place for a key).
    static func expectedAttribute(path: [JSONScan.Segment], section: String) -> Attribute? {
        let member = path.last(where: { $0.key != nil })?.key ?? ""
        let sectionAttribute = Attribute(rawValue: section)
        if member == "ref" { return sectionAttribute }
        switch section {
        case "component", "container":
            // `component.ID.font.title`, `container.ID.surface`: the mapping's or property's attribute.
            guard path.count >= 3, let property = path[2].key else { return nil }
            switch property {
            case "font", "composition", "padding", "shape", "surface": return Attribute(rawValue: property)
            case "spacing", "border": return .number
            default: return nil
            }
        case "composition" where ["foreground", "background", "backgroundOverlay", "border", "any"].contains(member):
            return .surface
        case "padding"
        where ["all", "horizontal", "vertical", "leading", "top", "trailing", "bottom", "value"]
            .contains(member):
            return .number
        case "shape" where member == "roundedRectangle": return .number
        case "surface" where member == "with": return .surface
        case "surface" where member == "key": return .accent
        case "accent" where ["base", "onAccent", "complementary", "contrast"].contains(member): return .surface
        default: return nil
        }
    }

    mutating func readNative(_ bytes: [UInt8]) {
        var sections: [String: OutlineItem] = [:]
        var order: [String] = []
        for string in scan.strings {
            guard let section = string.path.first?.key else { continue }
            if string.isKey, string.path.count == 1 {
                sections[section] = OutlineItem(
                    name: section, kind: .section, start: string.start, end: string.memberEnd, selection: string)
                order.append(section)
                continue
            }
            if string.isKey, string.path.count == 2 {
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
            let member = string.path.last?.key
            if member == "calc" {
                sites += Self.braced(string, bytes: bytes).map {
                    NameSite(name: .key(.number, $0.text), role: .reference, start: $0.start, end: $0.end)
                }
                continue
            }
            if member == "extends", string.path.count == 3, section == "container" || section == "component" {
                let name: StyleName = section == "container" ? .container(string.text) : .component(string.text)
                sites.append(NameSite(name: name, role: .reference, start: string.start + 1, end: string.end - 1))
                continue
            }
            if section == "component", string.path.count == 3, string.path[2].key == "container" {
                sites.append(
                    NameSite(
                        name: .container(string.text), role: .reference, start: string.start + 1, end: string.end - 1))
                continue
            }
            if let attribute = Self.expectedAttribute(path: string.path, section: section), !string.text.isEmpty {
                sites.append(
                    NameSite(
                        name: .key(attribute, string.text), role: .reference, start: string.start + 1,
                        end: string.end - 1))
            }
        }
        outline = order.compactMap { sections[$0] }
    }

    // MARK: Token files

    mutating func readTokens(
        _ bytes: [UInt8], keysByObject: [[JSONScan.Segment]: [JSONScan.StringToken]],
        tokenPaths: Set<[JSONScan.Segment]>
    ) {
        let keys = scan.strings.filter(\.isKey)
        var items: [[JSONScan.Segment]: OutlineItem] = [:]
        for key in keys {
            guard let last = key.path.last?.key, !key.path.contains(where: { $0.key?.hasPrefix("$") ?? true }),
                !(1..<key.path.count).contains(where: { tokenPaths.contains(Array(key.path.prefix($0))) })
            else { continue }
            let isToken = tokenPaths.contains(key.path)
            if isToken, let name = Self.tokenPath(key.path) {
                sites.append(NameSite(name: .token(name), role: .definition, start: key.start + 1, end: key.end - 1))
            }
            guard isToken || keysByObject[key.path] != nil else { continue }
            items[key.path] = OutlineItem(
                name: last, kind: isToken ? .token : .group, start: key.start, end: key.memberEnd, selection: key)
        }
        // Children attach to their parents, deepest first.
        for path in items.keys.sorted(by: { $0.count > $1.count }) where path.count > 1 {
            let parent = Array(path.dropLast())
            guard let item = items[path], items[parent] != nil else { continue }
            items[parent]?.children.append(item)
            items[path] = nil
        }
        outline = items.values.sorted { $0.start < $1.start }
        for item in outline.indices { outline[item].sortChildren() }
        for string in scan.strings where !string.isKey && string.text.contains("{") {
            sites += Self.braced(string, bytes: bytes).map {
                NameSite(name: .token($0.text), role: .reference, start: $0.start, end: $0.end)
            }
        }
    }

    /// A token's dotted path: its keys, `$`-members left out.
    static func tokenPath(_ path: [JSONScan.Segment]) -> String? {
        let keys = path.compactMap(\.key)
        guard keys.count == path.count else { return nil }
        return keys.joined(separator: ".")
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
