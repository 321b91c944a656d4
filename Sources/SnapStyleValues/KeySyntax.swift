/// The syntax of semantic keys and ids: `[A-Za-z_][A-Za-z0-9_]*` segments joined by dots.
public enum KeySyntax {
    /// Whether `key` has the semantic key syntax (`name` or `name.segment...`).
    public static func isValid(_ key: String) -> Bool {
        var key = key
        // Over the contiguous UTF-8 (no copy for a native string): every request checks its key.
        return key.withUTF8 { bytes in
            var atSegmentStart = true
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "."):
                    if atSegmentStart { return false }
                    atSegmentStart = true
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                    atSegmentStart = false
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if atSegmentStart { return false }
                default:
                    return false
                }
            }
            return !bytes.isEmpty && !atSegmentStart
        }
    }

    /// Whether `text` holds `part`, byte for byte: a search of names as completion and naming make it, many times
    /// per request, without Foundation's Unicode-aware search or copies of native strings.
    public static func contains(_ text: String, _ part: String) -> Bool {
        var (text, part) = (text, part)
        return text.withUTF8 { bytes in
            part.withUTF8 { needle in
                guard let first = needle.first else { return true }
                guard bytes.count >= needle.count else { return false }
                var start = 0
                while start <= bytes.count - needle.count {
                    if bytes[start] == first {
                        var index = 1
                        while index < needle.count, bytes[start + index] == needle[index] { index += 1 }
                        if index == needle.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }

    /// Whether `key` may name a key at all: a native key, or an imported token's path (DTCG names: segments not
    /// starting with `$`, without `{`, `}` or control characters, joined by dots).
    public static func isValidReference(_ key: String) -> Bool {
        if isValid(key) { return true }
        guard !key.isEmpty, key.utf8.count <= 1024 else { return false }
        return key.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { segment in
            !segment.isEmpty && segment.first != "$"
                && !segment.unicodeScalars.contains { $0 == "{" || $0 == "}" || $0.value < 0x20 }
        }
    }
}
