import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol

/// The custom properties `export --format css` writes for a theme (default context), each with the key it comes
/// from and its value, for the style-sheet side of the server.
struct CSSNameTable {
    struct Entry {
        var attribute: Attribute
        var key: String
        var value: String
    }

    let theme: String
    let generation: Int
    private(set) var entries: [String: Entry] = [:]
    private(set) var names: [String] = []

    /// Builds the table from the theme as the export sees it; nil when the theme does not serve.
    static func build(theme: String, methods: StyleMethods) async -> CSSNameTable? {
        guard let keys = try? methods.answer(.keys, .object(["theme": .string(theme)])) else { return nil }
        let exported = ThemeExport.exportedKeys(keys, inherited: false)
        guard
            let resolved = try? await ThemeExport.resolve(
                keys: exported, params: ["theme": .string(theme)], context: [:],
                call: { method, params in try methods.answer(method, .object(params)) ?? .null })
        else { return nil }
        var bases: [String: (Attribute, String)] = [:]
        for (attribute, list) in resolved.values {
            guard let attribute = Attribute(rawValue: attribute) else { continue }
            for entry in list {
                bases[ThemeExport.cssName(attribute: attribute.rawValue, entry)] = (attribute, entry.key)
            }
        }
        var table = CSSNameTable(theme: theme, generation: keys["generation"]?.intValue ?? 0)
        for line in ThemeExport.css([resolved]).split(separator: "\n") {
            let trimmed = line.trimmingSpaces
            guard trimmed.hasPrefix("--"), let colon = trimmed.firstIndex(of: ":") else { continue }
            let name = String(trimmed[..<colon])
            var value = trimmed[trimmed.index(after: colon)...].trimmingSpaces
            if value.hasSuffix(";") { value = value.dropLast() }
            guard let (attribute, key) = Self.owner(of: name, bases: bases) else { continue }
            if table.entries[name] == nil { table.names.append(name) }
            table.entries[name] = Entry(attribute: attribute, key: key, value: String(value))
        }
        return table
    }

    /// The key a declared name comes from: its own, or for a member property (`--font-title-font-size`) the
    /// longest key name it extends.
    static func owner(of name: String, bases: [String: (Attribute, String)]) -> (Attribute, String)? {
        var candidate = Substring(name)
        while true {
            if let owner = bases[String(candidate)] { return owner }
            guard let dash = candidate.lastIndex(of: "-"), candidate.distance(from: candidate.startIndex, to: dash) > 2
            else { return nil }
            candidate = candidate[..<dash]
        }
    }

    subscript(name: String) -> Entry? { entries[name] }
}
