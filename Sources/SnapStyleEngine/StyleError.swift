/// Why a resolution request could not be answered.
public enum StyleError: Error, Hashable, Sendable {
    /// No layer defines the key (-32002); `suggestions` are up to five nearest keys.
    case unknownKey(attribute: Attribute, key: String, suggestions: [String])
    /// The context names something the theme does not have, or a value outside its set (-32003).
    case invalidContext(ContextError)
    /// Answering would pass one of the engine's limits (-32005): `limit` names it, `maximum` is its value.
    case limitExceeded(limit: String, maximum: Int, reason: String)

    /// A chain of references deeper than `Resolution.maximumDepth`.
    static var referenceDepth: StyleError {
        .limitExceeded(
            limit: "referenceDepth", maximum: Resolution.maximumDepth,
            reason: "the value goes through more than \(Resolution.maximumDepth) nested references")
    }
}

/// Near matches for a key that does not exist, by edit distance.
public enum Suggestions {
    /// Up to `limit` candidates nearest to `key` by edit distance (case-insensitive), nearest first.
    public static func nearest(to key: String, in candidates: [String], limit: Int = 5) -> [String] {
        let target = Array(key.lowercased().unicodeScalars)
        let scored = candidates.map { ($0, distance(target, Array($0.lowercased().unicodeScalars))) }
        let threshold = max(3, target.count / 2)
        return scored.filter { $0.1 <= threshold || $0.0.lowercased().contains(key.lowercased()) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(limit).map(\.0)
    }

    /// The one candidate close enough to `name` to suggest in a load error ("did you mean ...?"), if any.
    public static func closest(to name: String, in candidates: [String]) -> String? {
        candidates.map { ($0, distance(name, $0)) }
            .filter { $0.1 <= max(2, name.count / 3) }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// The Levenshtein distance between two strings, case-insensitive.
    public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.lowercased().unicodeScalars), Array(b.lowercased().unicodeScalars))
    }

    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
