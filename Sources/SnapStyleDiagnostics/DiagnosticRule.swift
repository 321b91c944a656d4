/// The kind of a problem: its message without what it names. A message reads `WHAT: problem`, WHAT a key path or a
/// member with the name it quotes (`color.red: ...`, `surface 'a': ...`), and names what it is about in quotes;
/// leaving those out leaves the kind, the same for every occurrence.
public struct DiagnosticRule: Hashable, Sendable {
    /// The kind as text: `'…' is not a DTCG type: imported as a token`.
    public var text: String
    /// A stable identifier: the kind's first words in kebab case, up to its first `:`, `(` or `,` after two words
    /// (`is-not-a-dtcg-type`).
    public var id: String

    public init(id: String, text: String) {
        self.id = id
        self.text = text
    }

    /// The rule a message falls under.
    public init(message: String) {
        text = Self.kind(of: message)
        id = Self.identifier(of: text)
    }

    /// The message without the key path it starts with (`color.red: `) and with what it quotes as `'…'`.
    public static func kind(of message: String) -> String {
        var text = Substring(message)
        if let colon = text.firstRange(of: ": "), !text[..<colon.lowerBound].contains(" ") {
            text = text[colon.upperBound...]
        }
        var result = ""
        var quoted = false
        for character in text {
            if character == "'" {
                if !quoted { result += "'…'" }
                quoted.toggle()
            } else if !quoted {
                result.append(character)
            }
        }
        return result
    }

    /// The most words of an identifier.
    static let maximumWords = 8

    /// The kind's words (letters only, lowercased) joined by `-`, after what it is about (`surface '…': `) and up to
    /// its first `:`, `(` or `,` once two words are in; `problem` for a kind without words.
    static func identifier(of kind: String) -> String {
        var text = Substring(kind)
        // A member with the name it quotes (`surface '…': `) says where, not what.
        if let colon = text.firstRange(of: ": ") {
            let what = text[..<colon.lowerBound].split(separator: " ")
            if what.count == 2, what[1] == "'…'" { text = text[colon.upperBound...] }
        }
        var words: [String] = []
        var word = ""
        func endWord() {
            if !word.isEmpty { words.append(word.lowercased()) }
            word = ""
        }
        for character in text {
            if character.isLetter, character.isASCII {
                word.append(character)
            } else {
                endWord()
                if words.count >= 2, [":", "(", ","].contains(character) { break }
                if words.count == maximumWords { break }
            }
        }
        endWord()
        return words.isEmpty ? "problem" : words.prefix(maximumWords).joined(separator: "-")
    }
}
