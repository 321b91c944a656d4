import ArgumentParser
import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson

struct Container: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Resolve the current container's properties.")

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var options: ContextOptions

    func run() async throws {
        try await runReporting {
            let backend = try connection.backend()
            let result = try await backend.call(.resolveContainer, try options.params())
            await backend.noteIfInError(result)
            if connection.json { return printLine(Jansson.encode(result)) }
            let id = result["container"]?.stringValue ?? "(none)"
            printLine(
                "container \(id) state \(result["state"]?.stringValue ?? "?") level \(result["level"]?.intValue ?? 0)"
                    + " levelOverall \(result["levelOverall"]?.intValue ?? 0)")
            for property in ["surface", "composition", "shape", "padding", "border"] {
                printLine("  \(property): \(ValueText.keyed(result[property] ?? .null))")
            }
            printLine("  requiresSecondaryAccent: \(result["requiresSecondaryAccent"]?.boolValue ?? false)")
            let edges = result["ignoresSafeAreaEdges"]?.arrayValue?.compactMap(\.stringValue) ?? []
            printLine("  ignoresSafeAreaEdges: \(edges.isEmpty ? "none" : edges.joined(separator: ", "))")
        }
    }
}
