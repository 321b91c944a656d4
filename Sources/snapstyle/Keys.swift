import ArgumentParser
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson

struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List a theme's keys with where they are defined.")

    @Argument(help: "Only this attribute.")
    var attribute: AttributeArgument?

    @Option(name: .long, help: "The theme (default: the daemon's default theme).")
    var theme: String?

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await runReporting {
            var params = JSONObject()
            if let attribute { params["attribute"] = .string(attribute.rawValue) }
            if let theme { params["theme"] = .string(theme) }
            let (result, json) = try await connection.backend().call(.keys, params, as: KeysResult.self)
            if connection.json { return printLine(Jansson.encode(json)) }
            for (attribute, entries) in result.keys {
                printLine("\(attribute.rawValue):")
                for entry in entries { printLine("  \(entry.key)  \(entry.file):\(entry.line)") }
            }
            if attribute == nil {
                printLine("containers: \(result.containers.joined(separator: ", "))")
                printLine("components: \(result.components.joined(separator: ", "))")
            }
        }
    }
}
