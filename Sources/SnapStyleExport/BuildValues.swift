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
        for (index, theme) in input.blocks.enumerated() {
            let slot = input.cache.slot(theme.context)
            let made = Self.block(theme, aliases: input.aliases[index], input.output, reusing: slot.known)
            input.cache.keep(made, in: slot.name)
            blocks.append(made.declarations)
            leftOutKeys.formUnion(made.leftOut)
        }
        leftOut = leftOutKeys.count
    }

    /// One block's declarations, with what each entry made; an entry equal (key, value and type) to the one at
    /// the same place in `reusing` reuses its declarations. When only values changed, and each changed entry says
    /// the same members, the earlier block's declarations are kept and only those entries' values replaced.
    static func block(
        _ theme: ResolvedTheme, aliases: [String: String], _ output: BuildOutput, reusing known: [BuildCache.Block]
    ) -> BuildCache.Block {
        let base = known.first { $0.aliases == aliases } ?? known.last
        var properties: [[[(suffix: String, value: String)]?]] = []
        // Same keys in the same places (only values may differ), and the places whose values differ.
        var sameKeys = base != nil && base?.values.count == theme.values.count
        var differing: [(position: Int, place: Int)] = []
        for (position, (attribute, entries)) in theme.values.enumerated() {
            let earlier = base.flatMap { base in
                position < base.values.count && base.values[position].attribute == attribute
                    ? (base.values[position].entries, base.properties[position]) : nil
            }
            if earlier?.0.count != entries.count { sameKeys = false }
            var made: [[(suffix: String, value: String)]?] = []
            made.reserveCapacity(entries.count)
            for (place, entry) in entries.enumerated() {
                if let (values, props) = earlier, place < values.count, values[place].key == entry.key,
                    values[place].type == entry.type
                {
                    if values[place].value == entry.value {
                        made.append(props[place])
                        continue
                    }
                    differing.append((position, place))
                } else {
                    sameKeys = false
                }
                made.append(Self.properties(attribute, entry, output))
            }
            properties.append(made)
        }
        if sameKeys, let base, base.aliases == aliases,
            let declarations = patched(base, differing.map { ($0, properties[$0.position][$0.place]) })
        {
            return BuildCache.Block(
                values: theme.values, aliases: aliases, properties: properties, starts: base.starts,
                declarations: declarations, leftOut: base.leftOut)
        }
        var leftOut = Set<String>()
        var byPath: [String: Set<String>] = [:]
        var pending: [BuildDeclaration] = []
        var starts: [[Int]] = []
        for (position, (attribute, entries)) in theme.values.enumerated() {
            var first: [Int] = []
            first.reserveCapacity(entries.count)
            for (place, entry) in entries.enumerated() {
                let path = BuildInput.path(attribute: attribute, entry)
                first.append(pending.count)
                guard let written = properties[position][place] else {
                    leftOut.insert(path)
                    continue
                }
                for (suffix, value) in written {
                    if !aliases.isEmpty { byPath[path, default: []].insert(suffix) }
                    pending.append(BuildDeclaration(path: path, suffix: suffix, value: value))
                }
            }
            starts.append(first)
        }
        if !aliases.isEmpty {
            for index in pending.indices {
                if let target = aliases[pending[index].path], byPath[target]?.contains(pending[index].suffix) == true {
                    pending[index].reference = target
                }
            }
        }
        return BuildCache.Block(
            values: theme.values, aliases: aliases, properties: properties, starts: starts, declarations: pending,
            leftOut: leftOut)
    }

    /// `base`'s declarations with the values of the `changed` entries replaced, when each still says exactly the
    /// members it said (so no declaration, reference or left-out key changes); nil otherwise.
    static func patched(
        _ base: BuildCache.Block,
        _ changed: [(at: (position: Int, place: Int), properties: [(suffix: String, value: String)]?)]
    ) -> [BuildDeclaration]? {
        var declarations = base.declarations
        for (at, properties) in changed {
            guard let properties, let before = base.properties[at.position][at.place], before.count == properties.count
            else { return nil }
            let start = base.starts[at.position][at.place]
            for (offset, (suffix, value)) in properties.enumerated() {
                guard before[offset].suffix == suffix else { return nil }
                declarations[start + offset].value = value
            }
        }
        return declarations
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

/// What formats made from values, kept between the outputs of one build (in the same units) and by a kept build
/// from one refresh to the next: a block of values equal to one made before reuses its declarations whole, and a
/// key whose value did not change reuses its own; a name is made once. A one-shot build starts with an empty one.
public final class BuildCache: Sendable {
    /// One block's values, and the declarations made from them.
    struct Block: Sendable {
        var values: [(attribute: String, entries: [ExportedValue])]
        var aliases: [String: String]
        /// Per attribute, per entry: the member suffixes and values; nil when CSS cannot say it.
        var properties: [[[(suffix: String, value: String)]?]]
        /// Per attribute, per entry: where its declarations start in `declarations`.
        var starts: [[Int]]
        var declarations: [BuildDeclaration]
        /// The paths of the keys CSS cannot say.
        var leftOut: Set<String>
    }

    /// By context (the context object's text): the blocks made lately, at most one per set of aliases.
    let blocks = Locked<[String: [Block]]>([:])
    /// Names by their inputs.
    let names = Locked<[String: String]>([:])

    public init() {}

    /// Where a block's declarations are kept (its context's text), and those kept there now; when none are, those
    /// of another context (most keys have the same value in every context, and only equal entries are reused).
    func slot(_ context: JSONObject) -> (name: String, known: [Block]) {
        let name = JSONText.encode(.object(context))
        return (
            name,
            blocks.withLock { blocks in
                if let own = blocks[name], !own.isEmpty { return own }
                return blocks.values.first { !$0.isEmpty } ?? []
            }
        )
    }

    /// Keeps a block made in a slot, in place of the one there with the same aliases (at most four per slot).
    func keep(_ block: Block, in slot: String) {
        blocks.withLock { blocks in
            var kept = blocks[slot] ?? []
            kept.removeAll { $0.aliases == block.aliases }
            kept.append(block)
            if kept.count > 4 { kept.removeFirst(kept.count - 4) }
            blocks[slot] = kept
        }
    }

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
