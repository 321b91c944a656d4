import SnapStyleJSON
import SnapStyleProtocol

/// A build config's output files, made at each read from the themes a method call answers: what
/// `snapstyle preview --build` serves at `/build/FILE` and `snapstyle mcp --build` as `snapstyle://build/FILE`, never
/// older than the theme. The CLI gives SnapStyleBuild's (`BuildProject`), so that the preview and the MCP server link
/// no build code and, through it, no engine.
public protocol BuildFileSource: Sendable {
    /// The outputs' `file` members, in the config's order.
    var outputNames: [String] { get }

    /// Every file the outputs write, by its path as the config names it (`out/tokens.css`; an Android output's
    /// `res/values/colors.xml`; a `js` output's `.d.ts`), and the theme it is made from, in the config's order.
    func list(call: @escaping @Sendable (Method, JSONObject) async throws -> JSONValue) async throws
        -> [(path: String, theme: String)]

    /// A file's text (a leading `./` ignored); nil when no output writes it.
    func read(_ path: String, call: @escaping @Sendable (Method, JSONObject) async throws -> JSONValue) async throws
        -> String?
}
