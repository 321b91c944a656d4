import SnapStyleEngine
import SnapStyleJSON

/// A pair a theme declares in its manifest: `"theme": {"audit": [{"foreground", "background", "text"}]}`, keys
/// or globs (`*` any run of characters, `?` one).
public struct DeclaredPair: Hashable, Sendable {
    public var foreground: String
    public var background: String
    /// `normal` or `large` text, or `ui` (an icon or a border: 3:1).
    public var use: Use
    public var file: String

    public enum Use: String, Sendable, Hashable, CaseIterable {
        case normal, large, ui
    }

    public init(foreground: String, background: String, use: Use = .normal, file: String = "") {
        self.foreground = foreground
        self.background = background
        self.use = use
        self.file = file
    }

    /// The pairs of a manifest's `audit` member, and what is wrong with the others.
    public static func read(_ json: JSONValue, file: String) -> (pairs: [DeclaredPair], problems: [String]) {
        guard case .array(let entries) = json else { return ([], ["\(file): theme.audit must be an array of pairs"]) }
        var pairs: [DeclaredPair] = []
        var problems: [String] = []
        for (index, entry) in entries.enumerated() {
            let what = "\(file): theme.audit[\(index)]"
            guard case .object(let object) = entry, let foreground = object["foreground"]?.stringValue,
                let background = object["background"]?.stringValue
            else {
                problems.append("\(what) needs \"foreground\" and \"background\" keys")
                continue
            }
            if let unknown = object.keys.first(where: { !["foreground", "background", "text"].contains($0) }) {
                problems.append("\(what): unknown member '\(unknown)' (expected foreground, background, text)")
                continue
            }
            var use = Use.normal
            if let text = object["text"] {
                guard let name = text.stringValue, let known = Use(rawValue: name) else {
                    problems.append("\(what): text must be normal, large or ui")
                    continue
                }
                use = known
            }
            pairs.append(DeclaredPair(foreground: foreground, background: background, use: use, file: file))
        }
        return (pairs, problems)
    }

    /// The key pairs it names among `keys`: each foreground match over each background match, except that when
    /// both patterns hold the same number of `*`, only matches whose `*` parts are equal pair up.
    public func expand(among keys: [String]) -> [(foreground: String, background: String)] {
        let foregrounds = keys.compactMap { key in Glob.match(foreground, key).map { (key, $0) } }
        let backgrounds = keys.compactMap { key in Glob.match(background, key).map { (key, $0) } }
        let starred = foreground.filter { $0 == "*" }.count
        let aligned = starred > 0 && starred == background.filter { $0 == "*" }.count
        var result: [(String, String)] = []
        for (fg, fgParts) in foregrounds {
            for (bg, bgParts) in backgrounds where fg != bg && (!aligned || fgParts == bgParts) {
                result.append((fg, bg))
            }
        }
        return result
    }
}

/// `*` and `?` patterns over whole keys.
enum Glob {
    /// The texts the `*`s matched, or nil when the key does not match.
    static func match(_ pattern: String, _ text: String) -> [String]? {
        let p = Array(pattern), t = Array(text)
        func go(_ i: Int, _ j: Int, _ parts: [String]) -> [String]? {
            if i == p.count { return j == t.count ? parts : nil }
            switch p[i] {
            case "*":
                for end in (j...t.count).reversed() {
                    if let found = go(i + 1, end, parts + [String(t[j..<end])]) { return found }
                }
                return nil
            case "?": return j < t.count ? go(i + 1, j + 1, parts) : nil
            default: return j < t.count && t[j] == p[i] ? go(i + 1, j + 1, parts) : nil
            }
        }
        return go(0, 0, [])
    }
}
