import ArgumentParser
import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson

struct Explain: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show how a key resolves: every definition consulted, top layer first, with file:line.")

    @Argument(help: "The attribute.") var attribute: AttributeArgument
    @Argument(help: "The semantic key.") var key: String

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var options: ContextOptions

    func run() async throws {
        try await runReporting {
            let params = try options.params(attribute: attribute, key: key)
            let backend = try connection.backend()
            let (result, json) = try await backend.call(.explain, params, as: ExplainResult.self)
            await backend.noteIfInError(json)
            if connection.json { return printLine(Jansson.encode(json)) }
            ValueText.explain(result).forEach(printLine)
        }
    }
}
