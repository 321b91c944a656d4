import ArgumentParser
import SnapStyleJSON
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
            let result = try await backend.call("explain", params)
            await backend.noteIfInError(result)
            if connection.json { return printLine(Jansson.encode(result)) }
            printLine("\(attribute) \(key) = \(Output.value(result["value"] ?? .null))")
            for step in result["steps"]?.arrayValue ?? [] {
                let file = step["file"]?.stringValue ?? "?"
                let line = step["line"]?.intValue ?? 0
                let kind = step["kind"]?.stringValue ?? "?"
                let caseText = step["case"]?.intValue.map { " case \($0)" } ?? ""
                let layer = step["layer"]?.stringValue ?? "?"
                printLine("  \(layer) \(file):\(line): \(kind)\(caseText) → \(step["result"]?.stringValue ?? "?")")
            }
            let deps = (result["dependsOn"]?.arrayValue ?? []).map {
                "\($0["attribute"]?.stringValue ?? "?") \($0["key"]?.stringValue ?? "?")"
            }
            printLine("  depends on: \(deps.joined(separator: ", "))")
        }
    }
}
