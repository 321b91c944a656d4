import SnapStyleEngine

/// The graph stage's result, what the later stages read: the entries of the resolution order with their documents
/// merged, the groups' properties, every key's values in the order written, and the names keys take.
struct TokenGraph: Sendable {
    /// One entry of the resolution order, merged: a set (one document) or a modifier (one per context).
    struct Unit: Sendable {
        var selector: ModifierSelector?
        var documents: [TokenDocument]
        var contextNames: [String]
    }

    /// One value a key has: the unit and context that write it, and the token as written.
    struct Def: Sendable {
        var unit: Int
        var context: Int
        var token: FlatToken
    }

    /// The entries of the resolution order, merged: a set (one document) or a modifier (one per context).
    var units: [Unit] = []
    /// Every unit's group properties merged (a token inherits `$deprecated` from them).
    var groups: [String: GroupInfo] = [:]
    /// Whether any group is `$deprecated` (its tokens inherit it).
    var hasDeprecatedGroups = false
    /// The sets merged: where a modifier context's tokens find their group's `$type` and `$extends` targets (its
    /// tokens only when some group uses `$extends`).
    var base = TokenDocument()
    /// Every key's values: the unit and context that write each, and the token as written.
    var defs: [String: [Def]] = [:]
    /// The keys in the order they are first written.
    var keyOrder: [String] = []
    /// Token paths whose key is another (`SnapStyleHints.key`).
    var names: [String: String] = [:]
    /// Tokens Studio: the files of sets selected only as `source` (`TokensStudioThemes.sourceFiles`).
    var sourceFiles = Set<String>()

    /// The graph of units read afresh: groups merged, `$extends` applied, every key's values collected and named.
    static func linking(_ units: [Unit], sourceFiles: Set<String>, _ d: inout Diagnostics) -> TokenGraph {
        var graph = TokenGraph(units: units, sourceFiles: sourceFiles)
        graph.mergeGroups()
        graph.applyExtends(&d)
        for (u, unit) in graph.units.enumerated() {
            for (c, document) in unit.documents.enumerated() {
                for key in document.order {
                    if graph.defs[key] == nil { graph.keyOrder.append(key) }
                    graph.defs[key, default: []].append(Def(unit: u, context: c, token: document.tokens[key]!))
                }
            }
        }
        graph.nameKeys(&d)
        return graph
    }

    /// The last compile's graph with this compile's units, and the values of the keys whose tokens changed read
    /// again: for an edit that kept every file's shape (`TokenReader.shapesKept`). `last` is taken over, not
    /// shared, so that patching it does not copy it.
    static func patching(
        _ last: inout TokenGraph, units: [Unit], sourceFiles: Set<String>, changed: Set<String>
    ) -> TokenGraph {
        var graph = last
        last = TokenGraph()
        graph.units = units
        graph.sourceFiles = sourceFiles
        graph.hasDeprecatedGroups = graph.groups.values.contains { $0.deprecated != nil }
        for key in changed {
            var list: [Def] = []
            for (u, unit) in units.enumerated() {
                for (c, document) in unit.documents.enumerated() {
                    if let token = document.tokens[key] { list.append(Def(unit: u, context: c, token: token)) }
                }
            }
            graph.defs[key] = list
        }
        return graph
    }

    /// The key a token path becomes.
    func name(_ key: String) -> String { names[key] ?? key }

    /// Every key a key's values name, whole-value aliases marked.
    func aliasTargets(of key: String) -> [(key: String, whole: Bool)] {
        var targets: [(key: String, whole: Bool)] = []
        for def in defs[key] ?? [] {
            let value = def.token.value
            if let target = AliasSyntax.whole(value) {
                targets.append((target, true))
            } else if let text = TokensStudioMath.text(of: value) {
                for target in TokensStudioMath.references(in: text) { targets.append((target, false)) }
            } else {
                AliasSyntax.collect(in: value) { targets.append(($0, false)) }
            }
            // A Tokens Studio modifier reads its amount's and its color's tokens.
            if let modify = def.token.modify {
                for part in [modify["value"], modify["color"]] {
                    guard let text = part?.stringValue else { continue }
                    for target in TokensStudioMath.references(in: text) { targets.append((target, false)) }
                }
            }
        }
        return targets
    }

    /// For each key, the keys whose values name it (as a whole value, inside a composite or in math).
    func readerIndex() -> [String: [String]] {
        var readers: [String: [String]] = [:]
        for key in keyOrder {
            for target in Set(aliasTargets(of: key).map(\.key)) { readers[target, default: []].append(key) }
        }
        return readers
    }

    /// Merges every unit's group properties (for group types and deprecation), and the sets' documents into `base`
    /// (for `$extends` targets, their tokens only when some group extends another).
    private mutating func mergeGroups() {
        let extending = units.contains { $0.documents.contains { $0.groups.values.contains { $0.extends != nil } } }
        for unit in units {
            for document in unit.documents {
                for (key, info) in document.groups { groups[key] = GroupInfo.merged(groups[key], info) }
            }
            guard unit.selector == nil else { continue }
            if extending {
                base.merge(unit.documents[0])
            } else {
                for (key, info) in unit.documents[0].groups {
                    base.groups[key] = GroupInfo.merged(base.groups[key], info)
                }
            }
        }
        hasDeprecatedGroups = groups.values.contains { $0.deprecated != nil }
    }

    /// Takes the keys `$extensions."org.snapstyle".key` gives tokens instead of their paths (an export's native
    /// keys), unless the key is another token's.
    private mutating func nameKeys(_ d: inout Diagnostics) {
        var taken = Set(keyOrder)
        for key in keyOrder {
            guard let def = defs[key]!.last(where: { $0.token.hints?.key != nil }),
                let name = def.token.hints!.key,
                name != key
            else { continue }
            guard !taken.contains(name) else {
                d.warning(def.token.location, "\(key): the key '\(name)' its extension names is taken: kept as \(key)")
                continue
            }
            taken.insert(name)
            names[key] = name
        }
    }
}
