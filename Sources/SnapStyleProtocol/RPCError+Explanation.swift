import SnapStyleJSON
import SnapStyleVocabulary

extension RPCError {
    /// The error in words, as the CLI prints it: the theme's file errors, the available themes, the nearest keys
    /// ("did you mean"), the allowed context values, the limit, from the error's `data`. What it quotes of the
    /// request or the theme's files is cut to `Limits.quotedCharacters`, and the file errors to the first
    /// `Limits.listedErrors` (`Quoted`).
    public var explanation: String {
        let details = self.details
        func text(_ value: String?) -> String { value.map { Quoted.excerpt($0) } ?? "?" }
        func list(_ values: [String]) -> String { values.map { Quoted.excerpt($0) }.joined(separator: ", ") }
        switch code {
        case RPCError.themeUnavailableCode:
            return "theme '\(text(details.theme))' is unavailable: it has never loaded without errors. Its files now:\n"
                + Quoted.lines(details.errors.map(\.description), total: details.errorCount).joined(separator: "\n")
        case RPCError.unknownThemeCode:
            return "there is no theme '\(text(details.theme))' (themes: \(list(details.available)))"
        case RPCError.unknownKeyCode:
            let near = details.suggestions.map { "'\(Quoted.excerpt($0))'" }
            return "theme has no \(text(details.attribute)) key '\(text(details.key))'"
                + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: ", "))?)")
        case RPCError.invalidContextCode:
            return "invalid context: \(text(details.field)): \(text(details.reason))"
                + (details.allowed.isEmpty ? "" : " (allowed: \(list(details.allowed)))")
        case RPCError.invalidParamsCode:
            return "invalid \(text(details.field)): \(text(details.reason))"
        case RPCError.limitExceededCode:
            guard let reason = details.reason else {
                return "over a limit of the daemon: \(text(details.limit)) is limited to \(details.maximum ?? 0)"
            }
            return "over a limit of the daemon: \(Quoted.excerpt(reason))"
        case RPCError.methodNotFoundCode:
            return
                "the daemon does not know '\(text(details.method))' (is it an older snapstyled? see snapstyle status)"
        default:
            return Quoted.excerpt(message) + (details.reason.map { ": \(Quoted.excerpt($0))" } ?? "")
        }
    }
}
