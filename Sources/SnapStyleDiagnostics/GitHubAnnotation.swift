/// Diagnostics as GitHub Actions workflow commands (`::error file=F,line=L,col=C::message`), which a workflow's log
/// turns into annotations on the pull request's files. Escaped as the Actions toolkit escapes: `%`, CR and LF in
/// the message; those and `:` and `,` in a property.
public enum GitHubAnnotation {
    /// The command for one diagnostic.
    public static func command(_ diagnostic: Diagnostic) -> String {
        var properties = ["file=" + escapeProperty(diagnostic.file)]
        if let line = diagnostic.line {
            properties.append("line=\(line)")
            if let column = diagnostic.column { properties.append("col=\(column)") }
        }
        properties.append("title=" + escapeProperty(diagnostic.rule.id))
        let command =
            switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(diagnostic.message))"
    }

    /// A message: `%`, CR and LF percent-encoded.
    public static func escapeData(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A property's value: as a message, and `:` and `,`, which end a property, percent-encoded.
    public static func escapeProperty(_ text: String) -> String {
        var result = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
