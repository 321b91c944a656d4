import ArgumentParser
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
            let result = try await backend.call(.explain, params)
            await backend.noteIfInError(result)
            if connection.json { return printLine(Jansson.encode(result)) }
            printLine("\(attribute.rawValue) \(key) = \(Output.value(result["value"] ?? .null))")
            for step in result["steps"]?.arrayValue ?? [] {
                let place = "\(step["file"]?.stringValue ?? "?"):\(step["line"]?.intValue ?? 0)"
                let name = "\(step["attribute"]?.stringValue ?? "?") \(step["key"]?.stringValue ?? "?")"
                let layer = step["layer"]?.stringValue ?? "?"
                let definition = step["definition"]?.stringValue ?? step["kind"]?.stringValue ?? "?"
                let caseText = step["case"]?.intValue.map { " (case \($0) matched)" } ?? ""
                let outcome =
                    switch step["result"]?.stringValue ?? "none" {
                    case "value": "gives the value"
                    case "none": "gives no value, falls through"
                    case let other: "→ \(other)"
                    }
                printLine("  \(name): \(definition)\(caseText) \(outcome)  [\(layer) \(place)]")
            }
            let deps = (result["dependsOn"]?.arrayValue ?? []).map {
                "\($0["attribute"]?.stringValue ?? "?") \($0["key"]?.stringValue ?? "?")"
            }
            printLine("  depends on: \(deps.isEmpty ? "nothing else" : deps.joined(separator: ", "))")
        }
    }
}
