import ArgumentParser
import Foundation
import SnapStyleClient
import SnapStyleJSON
import SnapStyleJansson

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a theme's resolved values as JSON or CSS custom properties, in one or more contexts.",
        discussion: """
            Each --context (a context object; default: the empty context) gives one set of values; with --format \
            css each is one block, under the --selector given in the same position (default :root).
            """)

    enum Format: String, CaseIterable, ExpressibleByArgument {
        case json, css
    }

    @Option(name: .long, help: "The theme (default: the daemon's default theme).")
    var theme: String?

    @Option(name: .long, help: "The output format.")
    var format: Format

    @Option(name: .long, help: "A context object (JSON), repeatable.")
    var context: [String] = []

    @Option(name: .long, help: "The CSS selector of the context in the same position (default :root).")
    var selector: [String] = []

    @Option(name: .long, help: "Write to this file instead of standard output.")
    var output: String?

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
    }

    func run() async throws {
        try await runReporting {
            let backend = try connection.backend()
            var params = JSONObject()
            if let theme { params["theme"] = .string(theme) }
            let keys = try await backend.call("keys", params)
            let contexts: [JSONObject] =
                context.isEmpty ? [[:]] : try context.map { try parseJSON($0, option: "--context").objectValue ?? [:] }
            var themes: [ResolvedTheme] = []
            for (index, context) in contexts.enumerated() {
                var values: [(attribute: String, entries: [(key: String, value: JSONValue)])] = []
                for member in keys["keys"]?.objectValue ?? [:] {
                    let names = (member.value.arrayValue ?? []).compactMap { $0["key"]?.stringValue }
                    var entries: [(key: String, value: JSONValue)] = []
                    for start in stride(from: 0, to: names.count, by: 1000) {
                        let batch = names[start..<min(start + 1000, names.count)]
                        var request = params
                        request["context"] = .object(context)
                        request["queries"] = .array(
                            batch.map { .object(["attribute": .string(member.key), "key": .string($0)]) })
                        let result = try await backend.call("resolve", request)
                        for entry in result["results"]?.arrayValue ?? [] {
                            guard let key = entry["key"]?.stringValue, let value = entry["value"], !value.isNull
                            else { continue }
                            entries.append((key, value))
                        }
                    }
                    values.append((member.key, entries))
                }
                let selector = index < self.selector.count ? self.selector[index] : ":root"
                themes.append(ResolvedTheme(context: context, selector: selector, values: values))
            }
            let text =
                switch format {
                case .json: ThemeExport.json(themes) + "\n"
                case .css: ThemeExport.css(themes)
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
