import Foundation

/// A word looked for in texts, in time linear in each text whatever the word (Knuth–Morris–Pratt over UTF-8): a
/// search compares every key's text with every word of the query, so neither a long query nor a long description
/// may make that quadratic.
struct SearchPattern {
    let bytes: [UInt8]
    /// For each prefix of `bytes`, the length of its longest proper prefix that is also its suffix.
    private let fallback: [Int]

    init(_ text: some StringProtocol) {
        bytes = Array(text.utf8)
        var fallback = [Int](repeating: 0, count: bytes.count)
        var length = 0
        var index = 1
        while index < bytes.count {
            if bytes[index] == bytes[length] {
                length += 1
                fallback[index] = length
                index += 1
            } else if length > 0 {
                length = fallback[length - 1]
            } else {
                index += 1
            }
        }
        self.fallback = fallback
    }

    /// Whether the pattern occurs in `text` (the empty pattern occurs everywhere).
    func occurs(in text: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        guard bytes.count <= text.count else { return false }
        var matched = 0
        for byte in text {
            while matched > 0, byte != bytes[matched] { matched = fallback[matched - 1] }
            if byte == bytes[matched] {
                matched += 1
                if matched == bytes.count { return true }
            }
        }
        return false
    }
}

/// A search query: its words (lowercased, each once) and the whole of it, for ranking.
struct SearchQuery {
    let words: [SearchPattern]
    let whole: SearchPattern

    init(_ query: String) {
        let lowered = query.lowercased().trimmingCharacters(in: .whitespaces)
        var seen = Set<Substring>()
        let distinct = lowered.split(whereSeparator: \.isWhitespace).filter { seen.insert($0).inserted }
        words = distinct.map(SearchPattern.init)
        whole = SearchPattern(lowered)
    }

    /// Whether `text` (lowercased) holds every word.
    func matches(_ text: String) -> Bool {
        let haystack = Array(text.lowercased().utf8)
        return words.allSatisfy { $0.occurs(in: haystack) }
    }

    /// 0 for a name that is the query, 1 for one holding it, 2 for the rest.
    func rank(_ name: String) -> Int {
        let lowered = Array(name.lowercased().utf8)
        if lowered == whole.bytes { return 0 }
        return whole.occurs(in: lowered) ? 1 : 2
    }
}
