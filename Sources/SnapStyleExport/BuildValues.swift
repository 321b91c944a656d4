/// One written value: its name words' source (path plus member suffix), its text, and the key it reads when it is
/// written as a reference.
public struct BuildDeclaration: Sendable, Equatable {
    /// The key's path.
    public var path: String
    /// A member's suffix (`-font-size`), empty for the key's own value.
    public var suffix: String
    /// The value as CSS says it, in the output's units.
    public var value: String
    /// With `references: var`: the path of the key this one is a whole alias of, when that key has this member.
    public var reference: String?
}

/// The values of each block as CSS text: every format but `dtcg` writes these (in its own syntax).
public struct BuildValues: Sendable {
    /// Per block, the declarations in key order.
    public var blocks: [[BuildDeclaration]]
    /// How many keys CSS cannot say (left out of every block).
    public var leftOut: Int

    public init(_ input: BuildInput) {
        var leftOutKeys = Set<String>()
        blocks = []
        for (index, theme) in input.blocks.enumerated() {
            var declarations: [BuildDeclaration] = []
            var byPath: [String: Set<String>] = [:]
            var pending: [(BuildDeclaration, String?)] = []
            for (attribute, entries) in theme.values {
                for entry in entries {
                    let path = BuildInput.path(attribute: attribute, entry)
                    guard let properties = ThemeExport.properties(attribute: attribute, entry) else {
                        leftOutKeys.insert(path)
                        continue
                    }
                    let base = ThemeExport.cssName(attribute: attribute, entry)
                    for (name, value) in properties {
                        let suffix = name.hasPrefix(base) ? String(name.dropFirst(base.count)) : ""
                        byPath[path, default: []].insert(suffix)
                        let written = BuildUnits.convert(value, to: input.output.units, remBase: input.output.remBase)
                        pending.append(
                            (BuildDeclaration(path: path, suffix: suffix, value: written), input.aliases[index][path]))
                    }
                }
            }
            for (declaration, target) in pending {
                var declaration = declaration
                if let target, byPath[target]?.contains(declaration.suffix) == true { declaration.reference = target }
                declarations.append(declaration)
            }
            blocks.append(declarations)
        }
        leftOut = leftOutKeys.count
    }
}

/// Lengths in the unit an output asks for: `px` ↔ `rem` by `remBase`, outside quoted strings.
public enum BuildUnits {
    public static func convert(_ text: String, to units: BuildOutput.Units?, remBase: Double) -> String {
        guard let units else { return text }
        var result = ""
        var word = ""
        var quote: Character?
        func flush() {
            result += convertWord(word, units, remBase)
            word = ""
        }
        for character in text {
            if let current = quote {
                result.append(character)
                if character == current { quote = nil }
            } else if character == "\"" || character == "'" {
                flush()
                quote = character
                result.append(character)
            } else if character.isLetter || character.isNumber || ".#%_-+".contains(character) {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    static func convertWord(_ word: String, _ units: BuildOutput.Units, _ remBase: Double) -> String {
        let (from, factor): (String, Double) = units == .rem ? ("px", 1 / remBase) : ("rem", remBase)
        guard word.hasSuffix(from), let amount = Double(word.dropLast(from.count)), amount.isFinite
        else { return word }
        return format(amount * factor) + units.rawValue
    }

    /// A number in its shortest form, to four decimals.
    public static func format(_ value: Double) -> String {
        let rounded = (value * 10000).rounded() / 10000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }
}
