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
        if let ascii = asciiJoin(words, naming) { return ascii }
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

    /// `join` byte by byte when every word is ASCII (a name is made for every declaration); nil otherwise.
    static func asciiJoin(_ words: [String], _ naming: BuildOutput.Naming) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.reduce(words.count) { $0 + $1.utf8.count })
        let separator: UInt8? =
            naming == .kebab ? UInt8(ascii: "-") : naming == .snake ? UInt8(ascii: "_") : nil
        for (index, word) in words.enumerated() {
            if index > 0, let separator { bytes.append(separator) }
            let capital = naming == .pascal || (naming == .camel && index > 0)
            var first = true
            for byte in word.utf8 {
                guard byte < 0x80 else { return nil }
                let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                let isLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
                if first && capital {
                    bytes.append(isLower ? byte - 32 : byte)
                } else {
                    bytes.append(isUpper ? byte + 32 : byte)
                }
                first = false
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `name` with every character that is not a letter, a digit or `_` replaced by `_` (byte by byte when ASCII).
    static func identifierCharacters(_ name: String) -> String {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        }
        // A CR LF pair is one character, so one `_`.
        var previous: UInt8 = 0
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            defer { previous = byte }
            if byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r") { continue }
            bytes.append(isWordByte(byte) ? byte : UInt8(ascii: "_"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An ASCII letter, digit or `_`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// Whether a name starts with a digit (a character that is a number), or is empty.
    static func startsWithDigit(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next() else { return true }
        // A combining mark after it would make one character of both.
        if first < 0x80, bytes.next().map({ $0 < 0x80 }) ?? true {
            return first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")
        }
        return name.first?.isNumber ?? true
    }

    /// Whether `text` is `#` and hex digits, `lengths` characters in all (byte by byte when ASCII).
    static func isHexColor(_ text: String, lengths: [Int]) -> Bool {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.first == "#" && lengths.contains(text.count) && text.dropFirst().allSatisfy(\.isHexDigit)
        }
        return utf8.first == UInt8(ascii: "#") && lengths.contains(utf8.count)
            && utf8.dropFirst().allSatisfy { hexDigit($0) != nil }
    }

    /// An ASCII hex digit's value.
    static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
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
