import ArgumentParser
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson

struct Themes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the themes, their state and errors.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await runReporting {
            let (result, json) = try await connection.backend().call(.themes, [:], as: ThemesResult.self)
            if connection.json { return printLine(Jansson.encode(json)) }
            for theme in result.themes { Self.describe(theme, isDefault: theme.name == result.defaultTheme) }
        }
    }

    /// `* harbor [loaded gen 3] user ROOT extends snap`, then its kind and modifiers, what it shadows, and its first
    /// errors with their count.
    static func describe(_ theme: ThemeSummary, isDefault: Bool) {
        let mark = isDefault ? "*" : " "
        let extends = theme.extends.map { " extends \($0)" } ?? ""
        printLine(
            "\(mark) \(theme.name) [\(theme.state.rawValue) gen \(theme.generation)]"
                + " \(theme.source.rawValue) \(theme.root)\(extends)")
        printLine("    " + kind(theme))
        for shadowed in theme.shadowed { printLine("    shadows \(shadowed)") }
        for error in theme.errors { printLine("    \(error)") }
        if theme.errorCount > theme.errors.count {
            printLine(
                "    … and \(theme.errorCount - theme.errors.count) more error(s) (snapstyle check lists them all)")
        }
    }

    /// `native`, or `dtcg, 40 tokens; modifiers: theme (light, dark) follows colorScheme`.
    static func kind(_ theme: ThemeSummary) -> String {
        guard theme.format == .dtcg else { return theme.format.rawValue }
        let modifiers = theme.modifiers.map { modifier in
            let follows = modifier.mappedTo.map { " follows " + followed($0) } ?? ""
            return "\(modifier.name) (\(modifier.contexts.joined(separator: ", ")))\(follows)"
        }
        let warnings = theme.warningCount > 0 ? ", \(theme.warningCount) warning(s)" : ""
        return "dtcg, \(theme.tokens) tokens\(warnings)"
            + (modifiers.isEmpty ? "; no modifiers" : "; modifiers: " + modifiers.joined(separator: "; "))
    }

    /// The context members a modifier's mapping sets differently per context (`colorScheme`), or the mapping as
    /// JSON when it is not one object per context.
    static func followed(_ mapping: JSONValue) -> String {
        guard case .object(let contexts) = mapping else { return Jansson.encode(mapping) }
        var values: [String: Set<String>] = [:]
        var order: [String] = []
        for context in contexts.members {
            guard case .object(let members) = context.value else { return Jansson.encode(mapping) }
            for member in members.members {
                if values[member.key] == nil { order.append(member.key) }
                values[member.key, default: []].insert(Jansson.encode(member.value))
            }
        }
        let varying = order.filter { (values[$0]?.count ?? 0) > 1 }
        return (varying.isEmpty ? order : varying).joined(separator: ", ")
    }
}
