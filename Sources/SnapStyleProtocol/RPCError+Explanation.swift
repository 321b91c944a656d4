import SnapStyleJSON

extension RPCError {
    /// The error in words, as the CLI prints it: the theme's file errors, the available themes, the nearest keys
    /// ("did you mean"), the allowed context values, the limit, from the error's `data`.
    public var explanation: String {
        let data = self.data ?? [:]
        func text(_ name: String) -> String { data[name]?.stringValue ?? "?" }
        func list(_ name: String) -> [String] { (data[name]?.arrayValue ?? []).compactMap(\.stringValue) }
        switch code {
        case RPCError.themeUnavailableCode:
            let errors = (data["errors"]?.arrayValue ?? []).map { error in
                "\(error["file"]?.stringValue ?? "?"):\(error["line"]?.intValue ?? 0):"
                    + "\(error["column"]?.intValue ?? 0): \(error["message"]?.stringValue ?? "")"
            }
            return "theme '\(text("theme"))' is unavailable: it has never loaded without errors. Its files now:\n"
                + errors.joined(separator: "\n")
        case RPCError.unknownThemeCode:
            return "there is no theme '\(text("theme"))' (themes: \(list("available").joined(separator: ", ")))"
        case RPCError.unknownKeyCode:
            let near = list("suggestions")
            return "theme has no \(text("attribute")) key '\(text("key"))'"
                + (near.isEmpty ? "" : " (did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))?)")
        case RPCError.invalidContextCode:
            let allowed = list("allowed")
            return "invalid context: \(text("field")): \(text("reason"))"
                + (allowed.isEmpty ? "" : " (allowed: \(allowed.joined(separator: ", ")))")
        case RPCError.invalidParamsCode:
            return "invalid \(text("field")): \(text("reason"))"
        case RPCError.limitExceededCode:
            let reason =
                data["reason"]?.stringValue ?? "\(text("limit")) is limited to \(data["maximum"]?.intValue ?? 0)"
            return "over a limit of the daemon: \(reason)"
        case RPCError.methodNotFoundCode:
            return "the daemon does not know '\(text("method"))' (is it an older snapstyled? see snapstyle status)"
        default:
            return message + (data["reason"]?.stringValue.map { ": \($0)" } ?? "")
        }
    }
}
