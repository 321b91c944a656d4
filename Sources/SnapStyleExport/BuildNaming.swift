import SnapStyleSystem

/// Names from key paths: words split as Terrazzo splits them (at `.`, `-`, `_`, spaces and a lower-case letter or
/// digit followed by a capital), joined in a naming style with an optional prefix.
public enum BuildNaming {
    /// `color.systemBlue` → `["color", "system", "blue"]`; `gray.100` → `["gray", "100"]`.
    public static func words(_ text: String) -> [String] {
        // Every format names every declaration of every block from the same few thousand paths: each text is split
        // once (the table is emptied when it grows past what a large build names).
        if let known = split.withLock({ $0[text] }) { return known }
        let made = splitWords(text)
        split.withLock { table in
            if table.count >= 100_000 { table.removeAll(keepingCapacity: true) }
            table[text] = made
        }
        return made
    }

    /// Words by their text, as `words` made them.
    private static let split = Locked<[String: [String]]>([:])

    static func splitWords(_ text: String) -> [String] {
        // By Unicode scalars: a name is made for every declaration of every block, and grapheme breaking is slow.
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case ".", "-", "_", " ", "/":
                if !current.isEmpty { words.append(String(current)) }
                current = String.UnicodeScalarView()
            default:
                if isUppercase(scalar), let previous, !current.isEmpty, isLowercaseOrDigit(previous) {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                }
                current.append(scalar)
            }
            previous = scalar
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    // ASCII without the Unicode property tables (a name is made for every declaration).
    static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? ("A"..."Z").contains(scalar) : scalar.properties.isUppercase
    }

    static func isLowercaseOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            ? ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            : scalar.properties.isLowercase || scalar.properties.numericType != nil
    }

    /// Words joined in a style: `ds-color-accent`, `dsColorAccent`, `ds_color_accent`, `DsColorAccent`.
    public static func join(_ words: [String], _ naming: BuildOutput.Naming) -> String {
        let lower = words.map { $0.lowercased() }
        func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
        switch naming {
        case .kebab: return lower.joined(separator: "-")
        case .snake: return lower.joined(separator: "_")
        case .pascal: return lower.map(capitalized).joined()
        case .camel:
            guard let first = lower.first else { return "" }
            return first + lower.dropFirst().map(capitalized).joined()
        }
    }

    /// A name from a prefix, a key path and a member suffix (`-font-size`).
    public static func name(prefix: String?, path: String, suffix: String = "", _ naming: BuildOutput.Naming) -> String
    {
        join((prefix.map(words) ?? []) + words(path) + words(suffix), naming)
    }
}

/// Glob patterns on key paths: `*` matches within one path segment, `**` across segments, `?` one character.
public enum KeyGlob {
    public static func matches(_ pattern: String, _ path: String) -> Bool {
        match(Array(pattern), 0, Array(path), 0)
    }

    private static func match(_ p: [Character], _ i: Int, _ s: [Character], _ j: Int) -> Bool {
        guard i < p.count else { return j == s.count }
        if p[i] == "*" {
            let deep = i + 1 < p.count && p[i + 1] == "*"
            let next = deep ? i + 2 : i + 1
            // `**.` also matches no segment at all.
            if deep, next < p.count, p[next] == ".", match(p, next + 1, s, j) { return true }
            var k = j
            while true {
                if match(p, next, s, k) { return true }
                guard k < s.count, deep || s[k] != "." else { return false }
                k += 1
            }
        }
        guard j < s.count, p[i] == "?" ? s[j] != "." : p[i] == s[j] else { return false }
        return match(p, i + 1, s, j + 1)
    }
}
