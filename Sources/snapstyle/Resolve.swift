import ArgumentParser
import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleVocabulary
import SnapStyleJansson

struct Resolve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Resolve one key of an attribute in a context.")

    @Argument(help: "The attribute.")
    var attribute: AttributeArgument

    @Argument(help: "The semantic key, e.g. title or spacingGroups.")
    var key: String

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var options: ContextOptions

    func run() async throws {
        try await runReporting {
            let params = try options.params(attribute: attribute, key: key)
            let backend = try connection.backend()
            let (result, json) = try await backend.call(.resolve, params, as: ResolveResult.self)
            await backend.noteIfInError(json)
            if connection.json { return printLine(Jansson.encode(json)) }
            printLine(
                "\(attribute.rawValue) \(key): \(ValueText.value(result.value ?? .null, attribute: Attribute(rawValue: attribute.rawValue)))"
            )
        }
    }
}
