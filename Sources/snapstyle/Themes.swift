import ArgumentParser
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson

struct Themes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the themes, their state and errors.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await runReporting {
            let (result, json) = try await connection.backend().call(.themes, [:], as: ThemesResult.self)
            if connection.json { return printLine(Jansson.encode(json)) }
            for theme in result.themes {
                let mark = theme.name == result.defaultTheme ? "*" : " "
                let extends = theme.extends.map { " extends \($0)" } ?? ""
                printLine(
                    "\(mark) \(theme.name) [\(theme.state.rawValue) gen \(theme.generation)]"
                        + " \(theme.source.rawValue) \(theme.root)\(extends)")
                for shadowed in theme.shadowed { printLine("    shadows \(shadowed)") }
                for error in theme.errors { printLine("    \(error)") }
            }
        }
    }
}
