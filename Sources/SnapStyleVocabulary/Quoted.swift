/// Text from a request or a theme file as a message quotes it: whole when short, else cut to
/// `Limits.quotedCharacters` and ended with `…`. Every message that repeats input goes through it, so that an
/// answer about a megabyte-long key or expression stays short.
public enum Quoted {
    /// `text`, or its first `limit` characters and `…`.
    public static func excerpt(_ text: some StringProtocol, limit: Int = Limits.quotedCharacters) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex {
            if count == limit { return String(text[..<end]) + "…" }
            text.formIndex(after: &end)
            count += 1
        }
        return String(text)
    }

    /// At most `limit` of `lines`, each cut by `excerpt`, and a last line counting the rest (`… and 7 more`).
    public static func lines(_ lines: [String], total: Int? = nil, limit: Int = Limits.listedErrors) -> [String] {
        let total = max(total ?? lines.count, lines.count)
        var shown = lines.prefix(limit).map { excerpt($0) }
        if total > shown.count { shown.append("… and \(total - shown.count) more") }
        return shown
    }
}
