import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleExport

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
        var table = CSSNameTable(theme: theme, generation: keys["generation"]?.intValue ?? 0)
        for (attribute, list) in resolved.values {
            guard let attribute = Attribute(rawValue: attribute) else { continue }
            for entry in list {
                for (name, value) in ThemeExport.properties(attribute: attribute.rawValue, entry) ?? [] {
                    if table.entries[name] == nil { table.names.append(name) }
                    table.entries[name] = Entry(attribute: attribute, key: entry.key, value: value)
                }
            }
        }
        return table
    }

    subscript(name: String) -> Entry? { entries[name] }
}
