/// Near matches for a name that does not exist ("did you mean ...?"), by edit distance, case-insensitive.
///
/// A name is compared with a bounded number of candidates (`Limits.suggestionCandidates`): those next to it in the
/// candidates' order and in the order of their reversed spellings, so that a typo near either end still finds its
/// word. A distance is computed within a band of the largest distance suggested, so each comparison costs the
/// name's length times that band, whatever the number of candidates.
public struct Suggestions: Sendable {
    private struct Candidate: Sendable {
        var name: String
        var scalars: [Unicode.Scalar]
    }

    /// The candidates sorted by their lowercased spelling, and their indices sorted by the reversed spelling.
    private let forward: [Candidate]
    private let backward: [Int]
    private let reversedKeys: [[Unicode.Scalar]]

    /// An index over `candidates` (duplicates are kept once).
    public init(_ candidates: some Sequence<String>) {
        var seen = Set<String>()
        var list: [Candidate] = []
        for name in candidates where seen.insert(name).inserted {
            list.append(Candidate(name: name, scalars: Array(name.lowercased().unicodeScalars)))
        }
        list.sort { Self.less($0.scalars, $1.scalars) || ($0.scalars == $1.scalars && $0.name < $1.name) }
        forward = list
        let reversed = list.map { Array($0.scalars.reversed()) }
        reversedKeys = reversed
        backward = list.indices.sorted { Self.less(reversed[$0], reversed[$1]) }
    }

    /// The one candidate close enough to `name` to suggest in a load error, if any (never `excluding`).
    public func closest(to name: String, excluding: String? = nil) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        let threshold = max(2, name.count / 3)
        var best: (distance: Int, name: String)?
        for index in neighbours(of: target) where forward[index].name != excluding {
            let candidate = forward[index]
            guard let d = Self.distance(target, candidate.scalars, within: threshold) else { continue }
            if best.map({ (d, candidate.name) < ($0.distance, $0.name) }) ?? true { best = (d, candidate.name) }
        }
        return best?.name
    }

    /// Up to `limit` candidates near `key`, nearest first: within half its length (at least 3) by edit distance,
    /// or holding it, among the candidates next to it.
    public func nearest(to key: String, limit: Int = 5) -> [String] {
        let target = Array(key.lowercased().unicodeScalars)
        let lowered = key.lowercased()
        let threshold = max(3, target.count / 2)
        var scored: [(Int, String)] = []
        for index in neighbours(of: target) {
            let candidate = forward[index]
            if let d = Self.distance(target, candidate.scalars, within: threshold) {
                scored.append((d, candidate.name))
            } else if candidate.name.lowercased().contains(lowered) {
                scored.append((threshold + 1, candidate.name))
            }
        }
        return scored.sorted { $0 < $1 }.prefix(limit).map(\.1)
    }

    /// The Levenshtein distance between two strings, case-insensitive.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased().unicodeScalars)
        let b = Array(b.lowercased().unicodeScalars)
        return distance(a, b, within: max(a.count, b.count))!
    }

    /// Indices of the candidates compared with `target`: those next to where it, and it without its last one or two
    /// characters, would sort, and the same for its reversed spelling; `Limits.suggestionCandidates` in all. A typo
    /// leaves a name's start or its end as written, and one of the six places finds the word.
    private func neighbours(of target: [Unicode.Scalar]) -> [Int] {
        guard forward.count > Limits.suggestionCandidates else { return Array(forward.indices) }
        let probes = (0...2).filter { $0 < max(1, target.count) }
        let window = Limits.suggestionCandidates / (2 * probes.count)
        var picked = Set<Int>()
        func take(around at: Int, _ index: (Int) -> Int) {
            let start = max(0, min(at - window / 2, forward.count - window))
            for position in start..<min(forward.count, start + window) { picked.insert(index(position)) }
        }
        let reversed = Array(target.reversed())
        for dropped in probes {
            let head = Array(target.dropLast(dropped))
            take(around: Self.insertionPoint(head, count: forward.count) { forward[$0].scalars }) { $0 }
            let tail = Array(reversed.dropLast(dropped))
            take(around: Self.insertionPoint(tail, count: backward.count) { reversedKeys[backward[$0]] }) {
                backward[$0]
            }
        }
        return picked.sorted()
    }

    private static func insertionPoint(
        _ target: [Unicode.Scalar], count: Int, key: (Int) -> [Unicode.Scalar]
    ) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if less(key(middle), target) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func less(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        a.lexicographicallyPrecedes(b) { $0.value < $1.value }
    }

    /// The distance when it is at most `bound` (nil otherwise), computed in the band of width `2 * bound + 1`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], within bound: Int) -> Int? {
        guard abs(a.count - b.count) <= bound else { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let outside = bound + 1
        var previous = (0...b.count).map { $0 <= bound ? $0 : outside }
        var current = Array(repeating: outside, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - bound)
            let high = min(b.count, i + bound)
            current[0] = i <= bound ? i : outside
            if low > 1 { current[low - 1] = outside }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution, outside)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if high < b.count { current[high + 1] = outside }
            guard rowMinimum <= bound else { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}

/// Suggestions for many names in one compile: one index per kind of name, built when first asked, and at most
/// `Limits.suggestionQueries` names answered (later ones get none), so that thousands of unknown names cost
/// linear time.
public struct SuggestionPool: Sendable {
    private var indices: [String: Suggestions] = [:]
    private var queries = 0

    public init() {}

    /// The candidate of `kind` closest to `name` (see `Suggestions.closest`); `candidates` is read once per kind.
    public mutating func closest(
        to name: String, kind: String, excluding: String? = nil, candidates: () -> [String]
    ) -> String? {
        guard queries < Limits.suggestionQueries else { return nil }
        queries += 1
        if indices[kind] == nil { indices[kind] = Suggestions(candidates()) }
        return indices[kind]!.closest(to: name, excluding: excluding)
    }
}
