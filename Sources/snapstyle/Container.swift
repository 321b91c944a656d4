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
            let (result, json) = try await backend.call(
                .resolveContainer, try options.params(), as: ContainerResult.self)
            await backend.noteIfInError(json)
            if connection.json { return printLine(Jansson.encode(json)) }
            printLine(
                "container \(result.container ?? "(none)") state \(result.state.rawValue) level \(result.level)"
                    + " levelOverall \(result.levelOverall)")
            for property in ContainerResult.attributes {
                printLine(
                    "  \(property): \(ValueText.keyed(result.values[property] ?? MappedValue(key: nil, value: nil)))")
            }
            printLine("  requiresSecondaryAccent: \(result.requiresSecondaryAccent)")
            let edges = result.ignoresSafeAreaEdges.map(\.rawValue)
            printLine("  ignoresSafeAreaEdges: \(edges.isEmpty ? "none" : edges.joined(separator: ", "))")
        }
    }
}
