import SnapStyleJSON

extension RPCError {
    /// The error in words, as the CLI prints it: the theme's file errors, the available themes, the nearest keys
    /// ("did you mean"), the allowed context values, the limit, from the error's `data`.
    public var explanation: String {
        let details = self.details
        func text(_ value: String?) -> String { value ?? "?" }
        switch code {
        case RPCError.themeUnavailableCode:
            let more = details.errorCount - details.errors.count
            return "theme '\(text(details.theme))' is unavailable: it has never loaded without errors. Its files now:\n"
                + details.errors.map(\.description).joined(separator: "\n")
                + (more > 0 ? "\n… and \(more) more error(s) (snapstyle check lists them all)" : "")
        case RPCError.unknownThemeCode:
            return "there is no theme '\(text(details.theme))' (themes: \(details.available.joined(separator: ", ")))"
        case RPCError.unknownKeyCode:
            let near = details.suggestions
            return "theme has no \(text(details.attribute)) key '\(text(details.key))'"
                + (near.isEmpty ? "" : " (did you mean \(near.map { "'\($0)'" }.joined(separator: ", "))?)")
        case RPCError.invalidContextCode:
            return "invalid context: \(text(details.field)): \(text(details.reason))"
                + (details.allowed.isEmpty ? "" : " (allowed: \(details.allowed.joined(separator: ", ")))")
        case RPCError.invalidParamsCode:
            return "invalid \(text(details.field)): \(text(details.reason))"
        case RPCError.limitExceededCode:
            let reason = details.reason ?? "\(text(details.limit)) is limited to \(details.maximum ?? 0)"
            return "over a limit of the daemon: \(reason)"
        case RPCError.methodNotFoundCode:
            return
                "the daemon does not know '\(text(details.method))' (is it an older snapstyled? see snapstyle status)"
        default:
            return message + (details.reason.map { ": \($0)" } ?? "")
        }
    }
}
