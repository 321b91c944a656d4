import ArgumentParser
import SnapStyleJSON
import SnapStyleJansson

struct Resolve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Resolve one key of an attribute in a context.")

    @Argument(help: "surface, number, font, padding, shape, icon, composition or accent.")
    var attribute: String

    @Argument(help: "The semantic key, e.g. title or spacingGroups.")
    var key: String

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var options: ContextOptions

    func run() async throws {
        try await runReporting {
            let params = try options.params(attribute: attribute, key: key)
            let result = try await connection.backend().call("resolve", params)
            if connection.json { return printLine(Jansson.encode(result)) }
            printLine("\(attribute) \(key): \(Output.value(result["value"] ?? .null))")
        }
    }
}
