/// The pairs an imported theme's color names imply (docs/review.md lists the rules).
public enum NamingConvention {
    /// A foreground key over a background key, and the rule that paired them.
    public struct Pair: Hashable, Sendable {
        public var rule: String
        public var foreground: String
        public var background: String
    }

    /// The pairs among `keys` (dotted paths): `on-X` over `X`, `X-foreground` over `X`, and `text…` over
    /// `background…` and `surface…` of the same group.
    public static func pairs(among keys: [String]) -> [Pair] {
        let known = Set(keys)
        var pairs: [Pair] = []
        var seen = Set<[String]>()
        func add(_ rule: String, _ foreground: String, _ background: String) {
            guard foreground != background, known.contains(background),
                seen.insert([foreground, background]).inserted
            else { return }
            pairs.append(Pair(rule: rule, foreground: foreground, background: background))
        }
        for key in keys.sorted() {
            var segments = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let last = segments.popLast() else { continue }
            let group = segments.map { $0 + "." }.joined()
            if let base = onBase(last) { add("on-X over X", key, group + base) }
            if let base = foregroundBase(last) { add("X-foreground over X", key, group + base) }
        }
        // text… over background… / surface…: the first segment naming text, against keys that have the same
        // segments before it and a background word in its place.
        let split = keys.sorted().map {
            ($0, $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
        }
        for (key, segments) in split {
            guard let index = segments.firstIndex(where: { isWord($0, "text") }), !isInverse(segments) else { continue }
            let group = segments[..<index]
            for (other, otherSegments) in split where otherSegments.count > index {
                guard otherSegments[..<index] == group, !isInverse(otherSegments),
                    isWord(otherSegments[index], "background") || isWord(otherSegments[index], "surface")
                else { continue }
                add("text-* over background-*/surface-*", key, other)
            }
        }
        return pairs
    }

    /// `on-primary`, `on_primary` → `primary`; `onPrimary` → `primary`.
    static func onBase(_ segment: String) -> String? {
        for prefix in ["on-", "on_"] where segment.hasPrefix(prefix) && segment.count > prefix.count {
            return String(segment.dropFirst(prefix.count))
        }
        let rest = segment.dropFirst(2)
        guard segment.hasPrefix("on"), let first = rest.first, first.isUppercase else { return nil }
        return first.lowercased() + rest.dropFirst()
    }

    /// `primary-foreground`, `primary_foreground`, `primaryForeground` → `primary`.
    static func foregroundBase(_ segment: String) -> String? {
        for suffix in ["-foreground", "_foreground", "Foreground"]
        where segment.hasSuffix(suffix) && segment.count > suffix.count {
            return String(segment.dropLast(suffix.count))
        }
        return nil
    }

    /// Whether a segment is `word` or starts with `word-` or `word_`.
    static func isWord(_ segment: String, _ word: String) -> Bool {
        segment == word || segment.hasPrefix(word + "-") || segment.hasPrefix(word + "_")
    }

    /// Inverse colors are meant for the opposite surfaces, so the group rule skips them.
    static func isInverse(_ segments: [String]) -> Bool {
        segments.contains { $0.lowercased().contains("inverse") || $0.lowercased().contains("inverted") }
    }

    /// Whether a key names a disabled state (its contrast is exempt, as a disabled component's).
    static func isDisabled(_ key: String) -> Bool { key.lowercased().contains("disabled") }
}
