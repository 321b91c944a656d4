import ArgumentParser
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson

struct Themes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the themes, their state and errors.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await runReporting {
            let result = try await connection.backend().call(.themes, [:])
            if connection.json { return printLine(Jansson.encode(result)) }
            let defaultTheme = result["default"]?.stringValue ?? ""
            for theme in result["themes"]?.arrayValue ?? [] {
                let name = theme["name"]?.stringValue ?? "?"
                let mark = name == defaultTheme ? "*" : " "
                let extends = theme["extends"]?.stringValue.map { " extends \($0)" } ?? ""
                printLine(
                    "\(mark) \(name) [\(theme["state"]?.stringValue ?? "?") gen \(theme["generation"]?.intValue ?? 0)]"
                        + " \(theme["source"]?.stringValue ?? "") \(theme["root"]?.stringValue ?? "")\(extends)")
                for shadowed in theme["shadowed"]?.arrayValue ?? [] {
                    printLine("    shadows \(shadowed.stringValue ?? "")")
                }
                for error in theme["errors"]?.arrayValue ?? [] {
                    printLine(
                        "    \(error["file"]?.stringValue ?? ""):\(error["line"]?.intValue ?? 0):"
                            + "\(error["column"]?.intValue ?? 0): \(error["message"]?.stringValue ?? "")")
                }
            }
        }
    }
}
