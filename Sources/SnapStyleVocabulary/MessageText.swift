/// Text that goes into an error message, a log line or an answer, kept to a readable size: a message quotes what
/// it is about (an expression, a name, a value), and input can be megabytes long.
public enum MessageText {
    /// `text` when it has at most `Limits.quotedCharacters` characters; else its start, `…`, and how much was left
    /// out, so that one message never carries a whole file.
    public static func capped(_ text: String, to limit: Int = Limits.quotedCharacters) -> String {
        guard text.utf8.count > limit else { return text }
        var kept = Substring(text.prefix(limit))
        while kept.utf8.count > limit { kept = kept.dropLast() }
        return kept + "… (\(text.utf8.count - kept.utf8.count) more bytes)"
    }
}
