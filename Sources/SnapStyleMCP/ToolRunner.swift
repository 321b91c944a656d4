import MCP
import SnapStyleClient
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol

/// Performs the tools through the daemon: each answer as text an agent reads and, where the negotiated protocol
/// version has it, the protocol's result object as `structuredContent`. Every failure is a tool result with
/// `isError` and the CLI's message.
struct ToolRunner: Sendable {
    let link: SnapStyleLink
    /// `--theme`: the theme a call without `theme` asks for (nil: the daemon's default).
    let defaultTheme: String?
    let client: ClientSession

    /// What a tool answers: its text and its structured result.
    struct Answer {
        var text: String
        var structured: JSONValue
    }

    func call(_ name: String, _ arguments: JSONValue?) async -> CallTool.Result {
        guard let tool = SnapStyleTool(rawValue: name) else {
            let names = SnapStyleTool.allCases.map(\.rawValue).joined(separator: ", ")
            return failure("there is no tool '\(name)' (tools: \(names))")
        }
        do {
            let answer = try await run(tool, arguments)
            let structured: Value? = client.allowsStructuredContent ? answer.structured.mcp : nil
            return CallTool.Result(
                content: [.text(text: answer.text, annotations: nil, _meta: nil)], structuredContent: structured,
                isError: false)
        } catch let error as ToolFailure {
            return failure(error.message)
        } catch let error as SnapStyleClientError {
            return failure(Self.message(error, socket: link.socket))
        } catch {
            return failure("\(error)")
        }
    }

    /// A client error in the CLI's words.
    static func message(_ error: SnapStyleClientError, socket: String?) -> String {
        switch error {
        case .server(let code, let message, let data):
            return RPCError(code: code, message: message, data: data?.objectValue).explanation
        case .unreachable(let path, let reason, let errno):
            return NoDaemonError(socket: path, cause: .init(errno: errno, reason: reason), offlineWorks: false)
                .description
        case .disconnected:
            return NoDaemonError(
                socket: socket ?? SnapStyleConnection.defaultSocketPath(), cause: .closed, offlineWorks: false
            ).description
        default:
            return error.description
        }
    }

    private func failure(_ message: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: message, annotations: nil, _meta: nil)], isError: true)
    }

    private func run(_ tool: SnapStyleTool, _ values: JSONValue?) async throws -> Answer {
        switch tool {
        case .listThemes:
            _ = try ToolArguments(values, allowed: [])
            return try await listThemes()
        case .searchKeys:
            let arguments = try ToolArguments(values, allowed: ["theme", "query", "attribute", "limit"])
            return try await searchKeys(
                theme: try arguments.string("theme"), query: try arguments.required("query"),
                attribute: try arguments.string("attribute"),
                limit: try arguments.integer("limit", in: 1...500) ?? 25)
        case .resolve, .explain:
            let arguments = try ToolArguments(values, allowed: ["theme", "attribute", "key", "context"])
            var params = try themeParams(arguments)
            params["attribute"] = .string(try arguments.required("attribute"))
            params["key"] = .string(try arguments.required("key"))
            params["context"] = .object(try arguments.context())
            if tool == .explain {
                let result = try await link.call(.explain, params)
                return Answer(text: ValueText.explain(result).joined(separator: "\n"), structured: result)
            }
            let result = try await link.call(.resolve, params)
            let text =
                "\(result["attribute"]?.stringValue ?? "?") \(result["key"]?.stringValue ?? "?") = "
                + "\(ValueText.value(result["value"] ?? .null))"
            return Answer(text: text, structured: result)
        case .resolveComponent:
            let arguments = try ToolArguments(values, allowed: ["theme", "component", "state", "context"])
            return try await resolveComponent(
                params: try themeParams(arguments), component: try arguments.required("component"),
                state: try arguments.string("state"), context: try arguments.context())
        case .exportCSS:
            let arguments = try ToolArguments(values, allowed: ["theme", "context", "selector"])
            let export = try await ThemeResources(link: link).css(
                params: try themeParams(arguments), context: try arguments.context(),
                selector: try arguments.string("selector") ?? ":root")
            var structured: JSONObject = ["theme": .string(export.theme), "css": .string(export.text)]
            if let generation = export.generation { structured["generation"] = .integer(Int64(generation)) }
            return Answer(text: export.text, structured: .object(structured))
        }
    }

    /// `theme`, else `--theme`, as daemon params.
    private func themeParams(_ arguments: ToolArguments) throws(ToolFailure) -> JSONObject {
        guard let theme = try arguments.string("theme") ?? defaultTheme else { return [:] }
        return ["theme": .string(theme)]
    }

    private func listThemes() async throws -> Answer {
        let result = try await link.call(.themes, [:])
        let defaultTheme = result["default"]?.stringValue
        var lines: [String] = []
        var themes: [JSONValue] = []
        for theme in result["themes"]?.arrayValue ?? [] {
            let kind = Self.kind(of: theme)
            let name = theme["name"]?.stringValue ?? "?"
            lines.append(
                "\(name == defaultTheme ? "* " : "  ")\(name): \(kind), \(theme["state"]?.stringValue ?? "?"), "
                    + "generation \(theme["generation"]?.intValue ?? 0), \(theme["source"]?.stringValue ?? "?") "
                    + "\(theme["root"]?.stringValue ?? "")"
                    + (theme["extends"]?.stringValue.map { ", extends \($0)" } ?? ""))
            for modifier in theme["modifiers"]?.arrayValue ?? [] {
                let contexts = (modifier["contexts"]?.arrayValue ?? []).compactMap(\.stringValue)
                lines.append(
                    "    modifier \(modifier["name"]?.stringValue ?? "?"): \(contexts.joined(separator: ", "))"
                        + (modifier["default"]?.stringValue.map { " (default \($0))" } ?? "")
                        + " — select with context.vars.\(modifier["name"]?.stringValue ?? "?")")
            }
            for error in (theme["errors"]?.arrayValue ?? []).compactMap(ThemeFileError.init(json:)) {
                lines.append("    error \(error)")
            }
            var entry = theme.objectValue ?? [:]
            entry["kind"] = .string(kind)
            themes.append(.object(entry))
        }
        if let defaultTheme { lines.append("(* the default theme: \(defaultTheme))") }
        var structured = result.objectValue ?? [:]
        structured["themes"] = .array(themes)
        return Answer(text: lines.joined(separator: "\n"), structured: .object(structured))
    }

    /// `native`, `dtcg`, or `tokens studio` (a theme of design tokens with Tokens Studio's `$themes.json` or
    /// `$metadata.json`).
    static func kind(of theme: JSONValue) -> String {
        guard theme["format"]?.stringValue == "dtcg" else { return theme["format"]?.stringValue ?? "native" }
        let files = (theme["files"]?.arrayValue ?? []).compactMap(\.stringValue)
        let studio = files.contains { file in
            let name = file.split(separator: "/").last.map(String.init) ?? file
            return name == "$themes.json" || name == "$metadata.json"
        }
        return studio ? "tokens studio" : "dtcg"
    }
}
