import ArgumentParser
import SnapStyleClient
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson

struct Element: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resolve an element's font, composition, padding and shape in the current component.")

    @Argument(help: "The element, TYPE[.HIERARCHY] (title, label.secondary, icon, ...).")
    var element: String

    @Option(name: .long, help: "Define an element's key, ATTRIBUTE:TYPE=KEY (repeatable), e.g. font:icon=screenTitle.")
    var define: [String] = []

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var options: ContextOptions

    func validate() throws { _ = try defines() }

    /// `--define` entries as the `define` param: `{ATTRIBUTE: {TYPE: KEY}}`.
    func defines() throws -> JSONObject {
        var defines = JSONObject()
        for entry in define {
            let parts = entry.split(whereSeparator: { $0 == ":" || $0 == "=" }).map(String.init)
            guard parts.count == 3 else { throw ValidationError("--define takes ATTRIBUTE:TYPE=KEY, got '\(entry)'") }
            var mapping = defines[parts[0]]?.objectValue ?? JSONObject()
            mapping[parts[1]] = .string(parts[2])
            defines[parts[0]] = .object(mapping)
        }
        return defines
    }

    func run() async throws {
        try await runReporting {
            var params = try options.params()
            params["element"] = .string(element)
            if !define.isEmpty { params["define"] = .object(try defines()) }
            let backend = try connection.backend()
            let (result, json) = try await backend.call(.resolveElement, params, as: ElementResult.self)
            await backend.noteIfInError(json)
            if connection.json { return printLine(Jansson.encode(json)) }
            let element = "\(result.element.type.rawValue).\(result.element.hierarchy.rawValue)"
            printLine("element \(element) in component \(result.component ?? "(none)")")
            for attribute in ElementAttribute.allCases {
                printLine("  \(attribute.rawValue): \(ValueText.keyed(result[attribute]))")
            }
        }
    }
}
