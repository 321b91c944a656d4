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
            let result = try await connection.backend().call(.keys, params)
            if connection.json { return printLine(Jansson.encode(result)) }
            for member in result["keys"]?.objectValue ?? [:] {
                printLine("\(member.key):")
                for entry in member.value.arrayValue ?? [] {
                    printLine(
                        "  \(entry["key"]?.stringValue ?? "?")  \(entry["file"]?.stringValue ?? ""):"
                            + "\(entry["line"]?.intValue ?? 0)")
                }
            }
            if attribute == nil {
                let containers = (result["containers"]?.arrayValue ?? []).compactMap(\.stringValue)
                let components = (result["components"]?.arrayValue ?? []).compactMap(\.stringValue)
                printLine("containers: \(containers.joined(separator: ", "))")
                printLine("components: \(components.joined(separator: ", "))")
            }
        }
    }
}
