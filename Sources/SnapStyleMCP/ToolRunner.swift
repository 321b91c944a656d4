import MCP
import SnapStyleClient
import SnapStyleJSON
import SnapStyleExport
import SnapStyleProtocol
import SnapStyleVocabulary

/// Performs the tools through the daemon: each answer as text an agent reads and, where the negotiated protocol
/// version has it, the protocol's result object as `structuredContent`. Every failure is a tool result with
/// `isError` and the CLI's message.
struct ToolRunner: Sendable {
    let link: any DaemonCalling
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
            return failure("there is no tool '\(Quoted.excerpt(name))' (tools: \(names))")
        }
        do {
            let answer = try await run(tool, arguments)
            let structured: MCP.Value? = client.allowsStructuredContent ? answer.structured.mcp : Optional.none
            return CallTool.Result(
                content: [.text(text: answer.text, annotations: nil, _meta: nil)], structuredContent: structured,
                isError: false)
        } catch let error as ToolFailure {
            return failure(error.message)
        } catch let error as SnapStyleClientError {
            return failure(Self.message(error, socket: link.socket))
        } catch {
            return failure(Quoted.excerpt("\(error)"))
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
            return Quoted.excerpt(error.description)
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
                let (result, json) = try await ask(.explain, params, as: ExplainResult.self)
                return Answer(text: ValueText.explain(result).joined(separator: "\n"), structured: json)
            }
            let (result, json) = try await ask(.resolve, params, as: ResolveResult.self)
            let text =
                "\(result.attribute.rawValue) \(result.key) = \(ValueText.value(result.value ?? .null, attribute: result.attribute))"
            return Answer(text: text, structured: json)
        case .resolveComponent:
            let arguments = try ToolArguments(values, allowed: ["theme", "component", "state", "context"])
            return try await resolveComponent(
                params: try themeParams(arguments), component: try arguments.required("component"),
                state: try arguments.string("state"), context: try arguments.context())
        case .audit:
            return try await audit(try ToolArguments(values, allowed: ["theme", "themes", "level", "apca"]))
        case .exportCSS:
            let arguments = try ToolArguments(values, allowed: ["theme", "context", "selector"])
            let selector = try arguments.string("selector") ?? ":root"
            if let problem = CSSSelector.problem(selector) {
                throw ToolFailure("argument 'selector': \(problem) ('\(Quoted.excerpt(selector))')")
            }
            let export = try await ThemeResources(link: link).css(
                params: try themeParams(arguments), context: try arguments.context(), selector: selector)
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

    /// Calls a daemon method and reads its result as `R`, with the answer as it came (the structured content).
    func ask<R: WireResult>(_ method: SnapStyleProtocol.Method, _ params: JSONObject, as type: R.Type) async throws -> (
        result: R, json: JSONValue
    ) {
        let json = try await link.call(method, params)
        guard let result = R(json: json) else {
            throw SnapStyleClientError.unexpectedResult("not a \(method.rawValue) result")
        }
        return (result, json)
    }

    private func listThemes() async throws -> Answer {
        let (result, json) = try await ask(.themes, [:], as: ThemesResult.self)
        // Each theme read from the answer as it came, to keep the members `ThemeSummary` does not read.
        var lines: [String] = []
        var entries: [JSONValue] = []
        for written in json["themes"]?.arrayValue ?? [] {
            guard let theme = ThemeSummary(json: written) else { continue }
            lines.append(
                "\(theme.name == result.defaultTheme ? "* " : "  ")\(theme.name): \(Self.kind(of: theme)), "
                    + "\(theme.state.rawValue), generation \(theme.generation), \(theme.source.rawValue) \(theme.root)"
                    + (theme.extends.map { ", extends \($0)" } ?? ""))
            lines += theme.modifiers.map(Self.modifierLine)
            // The daemon lists at most `Limits.listedErrors` and counts them all (`errorCount`); from an older one
            // that lists them all, the summary keeps the first and the count.
            let errorCount = theme.errorCount
            let errors = Quoted.lines(theme.errors.map(\.description), total: errorCount)
            if errorCount > 0 { lines.append("    \(errorCount) error\(errorCount == 1 ? "" : "s"):") }
            lines += errors.map { "      \($0)" }
            // The protocol's result, each theme with its kind, its errors and warnings counted and the first listed.
            var entry = written.objectValue ?? [:]
            entry["kind"] = .string(Self.kind(of: theme))
            entry["errorCount"] = .integer(Int64(errorCount))
            entry["errors"] = Self.listed(theme.errors)
            entry["warningCount"] = .integer(Int64(theme.warningCount))
            entry["warnings"] = Self.listed(theme.warnings)
            entries.append(.object(entry))
        }
        lines.append("(* the default theme: \(result.defaultTheme))")
        var structured = json.objectValue ?? [:]
        structured["themes"] = .array(entries)
        return Answer(text: lines.joined(separator: "\n"), structured: .object(structured))
    }

    /// The first `Limits.listedErrors` of `errors`, their messages cut by `Quoted.excerpt`.
    static func listed(_ errors: [ThemeFileError]) -> JSONValue {
        .array(
            errors.prefix(Limits.listedErrors).map { error in
                var object = error.json.objectValue ?? [:]
                if let message = object["message"]?.stringValue { object["message"] = .string(Quoted.excerpt(message)) }
                return .object(object)
            })
    }

    /// `    modifier mode: light, dark (default light); pick one with context {"vars":{"mode":"dark"}}`, with the
    /// context members it follows by itself when the theme maps them.
    static func modifierLine(_ modifier: ThemeSummary.Modifier) -> String {
        let example = modifier.contexts.dropFirst().first ?? modifier.contexts.first ?? "CONTEXT"
        let pick = JSONText.encode(.object(["vars": .object([modifier.name: .string(example)])]))
        var line =
            "    modifier \(modifier.name): \(modifier.contexts.joined(separator: ", "))"
            + (modifier.defaultContext.map { " (default \($0))" } ?? "") + "; pick one with context \(pick)"
        if let mapping = modifier.mappedTo?.objectValue, !mapping.members.isEmpty {
            let follows = mapping.map { "\($0.key) when \(Quoted.excerpt(JSONText.encode($0.value)))" }
            line += "; without vars it follows the context: \(follows.joined(separator: ", "))"
        }
        return line
    }

    /// `native`, `dtcg`, or `tokens studio` (a theme of design tokens with Tokens Studio's `$themes.json` or
    /// `$metadata.json`).
    static func kind(of theme: ThemeSummary) -> String {
        guard theme.format == .dtcg else { return theme.format.rawValue }
        return ThemeSummary.isTokensStudioProject(files: theme.files) ? "tokens studio" : "dtcg"
    }
}
