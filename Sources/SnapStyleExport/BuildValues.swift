import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleSystem

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
        let made = input.cache.declarations.withLock { $0 }
        var used: [String: BuildCache.Made] = [:]
        for (index, theme) in input.blocks.enumerated() {
            var declarations: [BuildDeclaration] = []
            var byPath: [String: Set<String>] = [:]
            var pending: [(BuildDeclaration, String?)] = []
            for (attribute, entries) in theme.values {
                for entry in entries {
                    let cacheKey = String(index) + "\u{0}" + attribute + "\u{0}" + entry.key
                    let properties: [(suffix: String, value: String)]?
                    if let known = made[cacheKey], known.value == entry.value, known.type == entry.type {
                        properties = known.properties
                        used[cacheKey] = known
                    } else {
                        properties = Self.properties(attribute, entry, input.output)
                        used[cacheKey] = BuildCache.Made(value: entry.value, type: entry.type, properties: properties)
                    }
                    let path = BuildInput.path(attribute: attribute, entry)
                    guard let properties else {
                        leftOutKeys.insert(path)
                        continue
                    }
                    for (suffix, written) in properties {
                        byPath[path, default: []].insert(suffix)
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
        input.cache.declarations.withLock { $0 = used }
    }

    /// A key's declarations as member suffixes and values in the output's units; nil when CSS cannot say it.
    static func properties(_ attribute: String, _ entry: ExportedValue, _ output: BuildOutput) -> [(
        suffix: String, value: String
    )]? {
        guard let properties = ThemeExport.properties(attribute: attribute, entry) else { return nil }
        let base = ThemeExport.cssName(attribute: attribute, entry)
        return properties.map { name, value in
            (
                name.hasPrefix(base) ? String(name.dropFirst(base.count)) : "",
                BuildUnits.convert(value, to: output.units, remBase: output.remBase)
            )
        }
    }
}

/// What an output's formats made from its values, kept by a kept build from one refresh to the next: a key whose
/// value did not change reuses its declarations (only those the last computation used are kept), and a name is
/// made once. A one-shot build starts with an empty one.
public final class BuildCache: Sendable {
    struct Made: Sendable {
        var value: StyleValue
        var type: String?
        var properties: [(suffix: String, value: String)]?
    }

    /// By `BLOCK\0ATTRIBUTE\0KEY`: the value the declarations were made from, and them.
    let declarations = Locked<[String: Made]>([:])
    /// Names by their inputs.
    let names = Locked<[String: String]>([:])

    public init() {}

    /// A name made by `make`, or the one it made before for the same `key`.
    func name(_ key: String, _ make: () -> String) -> String {
        if let known = names.withLock({ $0[key] }) { return known }
        let made = make()
        names.withLock { $0[key] = made }
        return made
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
