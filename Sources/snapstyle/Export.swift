import ArgumentParser
import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleExport

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a theme's resolved values as a DTCG token file, CSS custom properties or JSON.",
        discussion: """
            Each --context (a context object; default: the empty context) gives one set of values; with --format \
            css each is one block, under the --selector given in the same position (default :root). --format dtcg \
            writes one context as a DTCG 2025.10 token document that imports back to the same values.
            """)

    @Option(name: .long, help: "The theme (default: the daemon's default theme).")
    var theme: String?

    @Option(name: .long, help: "The output format.")
    var format: ThemeExport.Format

    @Option(name: .long, help: "A context object (JSON), repeatable.")
    var context: [String] = []

    @Option(name: .long, help: "The CSS selector of the context in the same position (default :root).")
    var selector: [String] = []

    @Option(name: .long, help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(name: .long, help: "For a theme of design tokens: add the keys it inherits (from snap) to its own.")
    var inherited = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        for text in context {
            guard case .object = try parseJSON(text, option: "--context") else {
                throw ValidationError("--context must be a JSON object")
            }
        }
        guard selector.count <= max(1, context.count) else {
            throw ValidationError("--selector is given more often than --context")
        }
        guard format != .dtcg || context.count <= 1 else {
            throw ValidationError("--format dtcg writes one context: export each --context to a file of its own")
        }
    }

    func run() async throws {
        try await runReporting {
            let backend = try connection.backend()
            var params = JSONObject()
            if let theme { params["theme"] = .string(theme) }
            let keys = ThemeExport.exportedKeys(
                try await backend.call(.keys, params, as: KeysResult.self).result, inherited: inherited)
            let contexts: [JSONObject] =
                context.isEmpty ? [[:]] : try context.map { try parseJSON($0, option: "--context").objectValue ?? [:] }
            var themes: [ResolvedTheme] = []
            for (index, context) in contexts.enumerated() {
                let selector = index < self.selector.count ? self.selector[index] : ":root"
                themes.append(
                    try await ThemeExport.resolve(keys: keys, params: params, context: context, selector: selector) {
                        try await backend.call($0, $1)
                    })
            }
            let text =
                switch format {
                case .json: ThemeExport.json(themes) + "\n"
                case .css: ThemeExport.css(themes)
                case .dtcg: ThemeExport.dtcg(themes[0])
                }
            if let output {
                do {
                    try text.write(toFile: output, atomically: true, encoding: .utf8)
                } catch {
                    FileHandle.standardError.write(Data("snapstyle: cannot write \(output): \(error)\n".utf8))
                    throw ExitCode(1)
                }
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        }
    }
}

extension ThemeExport.Format: ExpressibleByArgument {}
