import SnapStyleEngine
import SnapStyleJSON

/// Compiles a theme's DTCG files into definitions (docs/dtcg.md): each token becomes a key of the attribute its
/// type imports into; a token whose value differs between modifier contexts becomes a `when` over the modifiers'
/// selections, tried from the last entry of the resolution order down, the sets' value as its `else`.
public struct TokenCompiler {
    /// One entry of the resolution order, merged: a set (one document) or a modifier (one per context).
    struct Unit {
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

    let input: DTCGInput
    let themeName: String
    /// The last compile's results, and this one's for the next.
    let memo: TokenMemo
    var next = TokenMemo()
    /// Whether every file flattened anew has the keys and group properties it had (and none uses `$extends`).
    var shapesKept = true
    /// Each key's errors and warnings, kept with its result.
    var issues: [String: Diagnostics] = [:]
    var d = Diagnostics()
    var units: [Unit] = []
    var union = TokenDocument()
    /// The sets merged: where a modifier context's tokens find their group's `$type` and `$extends` targets.
    var base = TokenDocument()
    var defs: [String: [Def]] = [:]
    var keyOrder: [String] = []
    /// Token paths whose key is another (`SnapStyleHints.key`).
    var names: [String: String] = [:]
    var typeMemo: [String: String?] = [:]
    var attributeMemo: [String: Attribute?] = [:]
    /// Keys whose type is being worked out (an untyped alias cycle ends there).
    var typing = Set<String>()
    var aliasStack: [String] = []
    var converted: [String: [Int: Result<DTCGValue.Converted, DTCGValueError>]] = [:]

    public static func compile(_ input: DTCGInput, themeName: String) -> DTCGCompilation {
        var memo = TokenMemo()
        return compile(input, themeName: themeName, memo: &memo)
    }

    /// Compiles, taking over from `memo` what the changed files did not touch, and leaves the memo for the next.
    public static func compile(_ input: DTCGInput, themeName: String, memo: inout TokenMemo) -> DTCGCompilation {
        var compiler = TokenCompiler(input: input, themeName: themeName, memo: memo)
        if let result = compiler.run(reusing: true) {
            memo = compiler.next
            return result
        }
        // A key's type or attribute changed: what other keys concluded from it no longer holds.
        var fresh = TokenCompiler(input: input, themeName: themeName, memo: TokenMemo())
        let result = fresh.run(reusing: false)!
        memo = fresh.next
        return result
    }

    init(input: DTCGInput, themeName: String, memo: TokenMemo) {
        self.input = input
        self.themeName = themeName
        self.memo = memo
    }

    /// Nil when a reused result turns out stale (a recompiled key's type or attribute changed).
    mutating func run(reusing: Bool) -> DTCGCompilation? {
        let signature = TokenMemo.Signature(input)
        next.signature = signature
        buildUnits()
        let reuse = reusing && memo.signature.map { $0.matches(signature) } == true && shapesKept
        for (u, unit) in units.enumerated() {
            for (c, document) in unit.documents.enumerated() {
                for key in document.order {
                    if defs[key] == nil { keyOrder.append(key) }
                    defs[key, default: []].append(Def(unit: u, context: c, token: document.tokens[key]!))
                }
            }
        }
        nameKeys()
        var reused = Set<String>()
        if reuse {
            for key in keyOrder {
                guard let known = memo.keys[key], let list = defs[key], known.defs.count == list.count,
                    zip(known.defs, list).allSatisfy({ $0.isSame(as: $1) })
                else { continue }
                reused.insert(key)
                attributeMemo[key] = .some(known.attribute)
                typeMemo[key] = .some(known.type)
            }
        }
        next.reusedKeys = reused.count
        var layer = ThemeLayer(name: themeName)
        layer.tokens.modifiers = units.compactMap(\.selector)
        var all = d
        for key in keyOrder {
            let result: TokenMemo.KeyResult
            if reused.contains(key) {
                result = memo.keys[key]!
            } else {
                let mark = d.mark
                let attribute = self.attribute(of: key)
                let compiled = attribute.flatMap { definition(of: key, $0) }
                var own = issues.removeValue(forKey: key) ?? Diagnostics()
                own.append(d.take(since: mark))
                result = TokenMemo.KeyResult(
                    defs: defs[key]!, attribute: attribute, type: keyType(key), entry: compiled?.0, token: compiled?.1,
                    issues: own)
                if reuse, let known = memo.keys[key], known.attribute != attribute || known.type != result.type {
                    return nil
                }
            }
            next.keys[key] = result
            all.append(result.issues)
            guard let attribute = result.attribute, let entry = result.entry, let token = result.token else { continue }
            layer.set(attribute, name(key), entry)
            layer.tokens.tokens[.key(attribute, name(key))] = token
        }
        let recompiled = reuse ? Set(keyOrder.filter { !reused.contains($0) }.map(name)) : nil
        return DTCGCompilation(
            layer: layer, errors: all.errors, warnings: all.warnings, tokenCount: keyOrder.count, recompiled: recompiled)
    }

    /// Takes the keys `$extensions."org.snapstyle".key` gives tokens instead of their paths (an export's native
    /// keys), unless the key is another token's.
    mutating func nameKeys() {
        var taken = Set(keyOrder)
        for key in keyOrder {
            guard let def = defs[key]!.last(where: { $0.token.hints?.key != nil }), let name = def.token.hints!.key,
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

    /// The key a token path becomes.
    func name(_ key: String) -> String { names[key] ?? key }

    // MARK: Units

    mutating func buildUnits() {
        var cache: [String: TokenDocument] = [:]
        func document(_ source: TokenSource) -> TokenDocument {
            switch source {
            case .inline(let json, let location):
                return TokenDocument(json, file: location.file, diagnostics: &d)
            case .file(let path, let pointer, let location):
                let cacheKey = path + "#" + pointer.joined(separator: "/")
                if let known = cache[cacheKey] { return known }
                guard let json = input.documents[path] else {
                    if !input.unreadable.contains(path) { d.error(location, "'\(path)' does not exist") }
                    return TokenDocument()
                }
                var part = json
                for segment in pointer {
                    guard let next = part[segment] else {
                        d.error(location, "'\(path)#/\(pointer.joined(separator: "/"))' points at nothing")
                        return TokenDocument()
                    }
                    part = next
                }
                let result = flattened(part, path: path, cacheKey: cacheKey)
                cache[cacheKey] = result
                return result
            }
        }
        func merged(_ sources: [TokenSource]) -> TokenDocument {
            if sources.count == 1 { return document(sources[0]) }
            var result = TokenDocument()
            for source in sources { result.merge(document(source)) }
            return result
        }
        guard let resolver = input.resolver else {
            let paths = input.documents.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let sources = paths.map { TokenSource.file(path: $0, pointer: [], location: SourceLocation(file: $0, line: 1, column: 1)) }
            units = [Unit(selector: nil, documents: [merged(sources)], contextNames: [""])]
            finishUnits()
            return
        }
        let document = ResolverDocument(resolver.json, path: resolver.path, diagnostics: &d)
        let mappings = Dictionary(input.mappings.map { ($0.modifier, $0) }, uniquingKeysWith: { a, _ in a })
        var modifierNames = Set<String>()
        for item in document.order {
            switch item {
            case .set(_, let sources):
                units.append(Unit(selector: nil, documents: [merged(sources)], contextNames: [""]))
            case .modifier(let modifier):
                modifierNames.insert(modifier.name)
                let names = modifier.contexts.map(\.name)
                var mapping: [ModifierSelector.Mapping] = []
                if let given = mappings[modifier.name] {
                    for entry in given.contexts {
                        if names.contains(entry.context) {
                            mapping.append(entry)
                        } else {
                            d.error(
                                given.location,
                                "theme.modifiers.\(modifier.name): '\(entry.context)' is not a context of the modifier "
                                    + "(expected \(names.joined(separator: ", ")))")
                        }
                    }
                }
                let selector = ModifierSelector(
                    name: modifier.name, contexts: names, defaultContext: modifier.defaultContext, mapping: mapping)
                units.append(
                    Unit(selector: selector, documents: modifier.contexts.map { merged($0.sources) }, contextNames: names))
            }
        }
        for mapping in input.mappings where !modifierNames.contains(mapping.modifier) {
            d.warning(mapping.location, "theme.modifiers: the resolver has no modifier '\(mapping.modifier)'")
        }
        finishUnits()
    }

    /// A file (or the part a pointer names) flattened, or the last compile's flattening while its JSON is the same.
    mutating func flattened(_ part: LocatedJSON, path: String, cacheKey: String) -> TokenDocument {
        let result: TokenDocument
        let old = memo.flattened[cacheKey]
        if let old, old.node === part.node {
            result = old.document
            d.append(old.issues)
            next.flattened[cacheKey] = old
        } else {
            let mark = d.mark
            var document = TokenDocument(part, file: path, diagnostics: &d)
            if let old {
                // Tokens the edit left as they were stay the same objects, so that their keys' results are kept.
                for (key, token) in document.tokens {
                    if let known = old.document.tokens[key], known !== token, known.says(the: token) {
                        document.tokens[key] = known
                    }
                }
            }
            result = document
            let issues = d.take(since: mark)
            d.append(issues)
            next.flattened[cacheKey] = TokenMemo.Flattened(node: part.node, document: result, issues: issues)
            if old.map({ !result.hasSameShape(as: $0.document) }) ?? true { shapesKept = false }
        }
        if result.groups.values.contains(where: { $0.extends != nil }) { shapesKept = false }
        return result
    }

    /// Builds the union of every unit (for group types and `$extends` targets), then applies `$extends`.
    mutating func finishUnits() {
        for unit in units {
            for document in unit.documents { union.merge(document) }
            if unit.selector == nil { base.merge(unit.documents[0]) }
        }
        for u in units.indices {
            for c in units[u].documents.indices {
                var document = units[u].documents[c]
                applyExtends(&document)
                units[u].documents[c] = document
            }
        }
    }

    /// Group `$extends`: the named group's tokens are copied below the extending group, where it has none of its own.
    mutating func applyExtends(_ document: inout TokenDocument) {
        for (key, info) in document.groups.sorted(by: { $0.key < $1.key }) {
            guard let (target, location) = info.extends else { continue }
            var chain = [key]
            var next: String? = target
            var cycle = false
            while let current = next {
                if chain.contains(current) || key.hasPrefix(current + ".") || key == current {
                    d.error(location, "$extends cycle: " + (chain + [current]).joined(separator: " → "))
                    cycle = true
                    break
                }
                chain.append(current)
                next = (document.groups[current] ?? base.groups[current])?.extends?.key
            }
            guard !cycle else { continue }
            if document.tokens[target] != nil || base.tokens[target] != nil {
                d.error(location, "\(key): $extends names the token '\(target)', not a group")
                continue
            }
            let source = document.order.contains { $0.hasPrefix(target + ".") } ? document : base
            let inherited = source.order.filter { $0.hasPrefix(target + ".") }
            guard !inherited.isEmpty || source.groups[target] != nil else {
                d.error(location, "\(key): $extends names no group '\(target)'")
                continue
            }
            for name in inherited {
                let newKey = key + String(name.dropFirst(target.count))
                guard document.tokens[newKey] == nil, let token = source.tokens[name] else { continue }
                document.tokens[newKey] = token.moved(to: newKey)
                document.order.append(newKey)
            }
            for (group, groupInfo) in source.groups where group.hasPrefix(target + ".") {
                let newGroup = key + String(group.dropFirst(target.count))
                if document.groups[newGroup] == nil { document.groups[newGroup] = groupInfo }
            }
            if document.groups[key]?.type == nil, let type = source.groups[target]?.type {
                document.groups[key]?.type = type
            }
        }
    }
}
