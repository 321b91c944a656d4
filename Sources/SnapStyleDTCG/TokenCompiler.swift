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

    var input: DTCGInput
    let themeName: String
    /// Whether to leave a memo for the next compile; without one, the files' JSON is let go as soon as the tokens
    /// are read out of it, and only results with errors or warnings are kept (`compileWhole`).
    var keepsMemo = true
    /// The last compile's results, and this one's for the next.
    var memo: TokenMemo
    var next = TokenMemo()
    /// Whether every file flattened anew has the keys and group properties it had (and none uses `$extends`).
    var shapesKept = true
    /// Each key's errors and warnings, kept with its result.
    var issues: [String: Diagnostics] = [:]
    var d = Diagnostics()
    var units: [Unit] = []
    /// Every unit's group properties merged (a token inherits `$deprecated` from them).
    var groups: [String: GroupInfo] = [:]
    /// Whether any group is `$deprecated` (its tokens inherit it).
    var hasDeprecatedGroups = false
    /// The sets merged: where a modifier context's tokens find their group's `$type` and `$extends` targets (its
    /// tokens only when some group uses `$extends`).
    var base = TokenDocument()
    /// Reusing: the keys whose tokens changed since the last compile (every other key's result is kept).
    var dirty = Set<String>()
    var reusing = false
    /// The files (`path#pointer`) flattened anew in this compile.
    var reflattened = Set<String>()
    var defs: [String: [Def]] = [:]
    var keyOrder: [String] = []
    /// Token paths whose key is another (`SnapStyleHints.key`).
    var names: [String: String] = [:]
    var typeMemo: [String: String?] = [:]
    var attributeMemo: [String: Attribute?] = [:]
    /// Keys whose type is being worked out (an untyped alias cycle ends there).
    var typing = Set<String>()
    var aliasStack: [String] = []
    /// Keys walked by `prepareAliases(from:)`, with their longest chain of whole-value aliases.
    var aliasHeights: [String: Int] = [:]
    var converted: [String: [Int: Result<DTCGValue.Converted, DTCGValueError>]] = [:]

    public static func compile(_ input: DTCGInput, themeName: String) -> DTCGCompilation {
        var memo = TokenMemo()
        return compile(input, themeName: themeName, memo: &memo)
    }

    /// Compiles, taking over from `memo` what the changed files did not touch, and leaves the memo for the next.
    public static func compile(_ input: DTCGInput, themeName: String, memo: inout TokenMemo) -> DTCGCompilation {
        var compiler = TokenCompiler(input: input, themeName: themeName, memo: memo)
        memo = TokenMemo()  // the compiler's copy is then the only one, and patched in place
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

    /// Compiles every key and leaves no memo: for a theme so large that its memo and its files' parsed JSON would
    /// outweigh its compiled form. `input` is taken over, and its documents are let go once flattened.
    public static func compileWhole(_ input: consuming DTCGInput, themeName: String) -> DTCGCompilation {
        var compiler = TokenCompiler(input: input, themeName: themeName, memo: TokenMemo())
        compiler.keepsMemo = false
        return compiler.run(reusing: false)!
    }

    init(input: DTCGInput, themeName: String, memo: TokenMemo) {
        self.input = input
        self.themeName = themeName
        self.memo = memo
    }

    /// Nil when a reused result turns out stale (a recompiled key's type or attribute changed).
    mutating func run(reusing allowed: Bool) -> DTCGCompilation? {
        let signature = TokenMemo.Signature(input)
        buildUnits()
        if !keepsMemo { input.documents = [:] }
        reusing = allowed && shapesKept && memo.signature.map { $0.matches(signature) } == true
        next.signature = signature
        guard reusing else { return compileAll() }
        groups = memo.groups
        hasDeprecatedGroups = groups.values.contains { $0.deprecated != nil }
        base = memo.base
        keyOrder = memo.keyOrder
        names = memo.names
        // Taken over, not shared, so that patching them does not copy them.
        defs = memo.defs
        memo.defs = [:]
        var layer = memo.layer
        memo.layer = ThemeLayer(name: "")
        next.keys = memo.keys
        memo.keys = [:]
        next.keysWithIssues = memo.keysWithIssues
        for key in dirty {
            var list: [Def] = []
            for (u, unit) in units.enumerated() {
                for (c, document) in unit.documents.enumerated() {
                    if let token = document.tokens[key] { list.append(Def(unit: u, context: c, token: token)) }
                }
            }
            defs[key] = list
        }
        // A recompiled key whose type, attribute or alias height changed changes what the keys naming it concluded
        // from it: those are recompiled too, until nothing changes (or so many that compiling all is cheaper).
        var pending = dirty
        var readers: [String: [String]]?
        while !pending.isEmpty {
            var changed: [String] = []
            for key in keyOrder where pending.contains(key) {
                pending.remove(key)
                let known = next.keys[key]
                let (result, compiled) = compileKey(key)
                if known?.attribute != result.attribute || known?.type != result.type
                    || known?.aliasHeight != result.aliasHeight
                {
                    changed.append(key)
                }
                if let attribute = known?.attribute, known?.isDefined == true {
                    layer.set(attribute, name(key), nil)
                    layer.tokens.tokens[.key(attribute, name(key))] = nil
                }
                add(compiled, result.attribute, of: key, to: &layer)
                next.keys[key] = result
                if result.issues.isEmpty { next.keysWithIssues.remove(key) } else { next.keysWithIssues.insert(key) }
            }
            guard !changed.isEmpty else { break }
            if readers == nil { readers = readerIndex() }
            for key in changed {
                for reader in readers?[key] ?? [] {
                    attributeMemo[reader] = nil
                    typeMemo[reader] = nil
                    aliasHeights[reader] = nil
                    dirty.insert(reader)
                    pending.insert(reader)
                }
            }
            if dirty.count * 2 > keyOrder.count { return nil }
        }
        return finish(layer, recompiled: Set(dirty.map(name)))
    }

    /// For each key, the keys whose values name it (as a whole value, inside a composite or in math).
    func readerIndex() -> [String: [String]] {
        var readers: [String: [String]] = [:]
        for key in keyOrder {
            for target in Set(aliasTargets(of: key).map(\.key)) { readers[target, default: []].append(key) }
        }
        return readers
    }

    /// Compiles every key.
    mutating func compileAll() -> DTCGCompilation {
        finishUnits()
        for (u, unit) in units.enumerated() {
            for (c, document) in unit.documents.enumerated() {
                for key in document.order {
                    if defs[key] == nil { keyOrder.append(key) }
                    defs[key, default: []].append(Def(unit: u, context: c, token: document.tokens[key]!))
                }
            }
        }
        nameKeys()
        var layer = ThemeLayer(name: themeName)
        layer.tokens.modifiers = units.compactMap(\.selector)
        for key in keyOrder {
            let (result, compiled) = compileKey(key)
            if keepsMemo || !result.issues.isEmpty { next.keys[key] = result }
            if !result.issues.isEmpty { next.keysWithIssues.insert(key) }
            add(compiled, result.attribute, of: key, to: &layer)
        }
        return finish(layer, recompiled: nil)
    }

    /// One key's result (kept for the next compile) and its definition and catalog entry (which go into the layer).
    mutating func compileKey(_ key: String) -> (TokenMemo.KeyResult, (DefinitionEntry, TokenCatalog.Token)?) {
        prepareAliases(from: key)
        let mark = d.mark
        let attribute = self.attribute(of: key)
        let compiled = attribute.flatMap { definition(of: key, $0) }
        converted[key] = nil
        var own = issues.removeValue(forKey: key) ?? Diagnostics()
        own.append(d.take(since: mark))
        let result = TokenMemo.KeyResult(
            attribute: attribute, type: keyType(key), isDefined: compiled != nil, issues: own,
            aliasHeight: aliasHeight(key))
        return (result, compiled)
    }

    func add(
        _ compiled: (DefinitionEntry, TokenCatalog.Token)?, _ attribute: Attribute?, of key: String,
        to layer: inout ThemeLayer
    ) {
        guard let attribute, let (entry, token) = compiled else { return }
        layer.set(attribute, name(key), entry)
        layer.tokens.tokens[.key(attribute, name(key))] = token
    }

    /// The compilation, and the memo for the next.
    mutating func finish(_ layer: ThemeLayer, recompiled: Set<String>?) -> DTCGCompilation {
        var all = d
        for key in keyOrder where next.keysWithIssues.contains(key) { all.append(next.keys[key]!.issues) }
        next.groups = groups
        next.base = base
        next.keyOrder = keyOrder
        next.names = names
        next.defs = defs
        next.layer = layer
        next.reusedKeys = recompiled.map { keyOrder.count - $0.count } ?? 0
        return DTCGCompilation(
            layer: layer, errors: all.errors, warnings: all.warnings, tokenCount: keyOrder.count, recompiled: recompiled
        )
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
                let cacheKey = source.fileKey!
                if let known = cache[cacheKey] { return known }
                guard let json = input.documents[path] else {
                    if path == input.resolver?.path {
                        d.error(location, "'\(path)' is the resolver itself, not a token file")
                    } else if !input.unreadable.contains(path) {
                        d.error(location, "'\(path)' does not exist")
                    }
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
            if sources.isEmpty { return TokenDocument() }
            if sources.count == 1 { return document(sources[0]) }
            let documents = sources.map(document)
            // The same files as last time, none of them flattened anew: the same merge.
            let keys = sources.compactMap(\.fileKey)
            let key = keys.count == sources.count ? keys.joined(separator: "\n") : nil
            if let key, let known = memo.merged[key], !known.sources.contains(where: reflattened.contains) {
                next.merged[key] = known
                return known.document
            }
            var result = TokenDocument()
            for document in documents { result.merge(document) }
            if let key, keepsMemo { next.merged[key] = (keys, result) }
            return result
        }
        guard let resolver = input.resolver else {
            // Every token file is a set, in byte order, but for those named for a mode (`tokens.dark.json`).
            let paths = input.documents.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            func sources(_ paths: [String]) -> [TokenSource] {
                paths.map {
                    TokenSource.file(path: $0, pointer: [], location: SourceLocation(file: $0, line: 1, column: 1))
                }
            }
            // A project without themes (`[]`) applies every set, as one without `$themes.json` does.
            if let studio = input.studioThemes, !(studio.json.value.arrayValue ?? []).isEmpty {
                let project = TokensStudioThemes(
                    themes: studio.json, path: studio.path, metadata: input.studioMetadata,
                    files: Set(input.documents.keys), &d)
                units = [Unit(selector: nil, documents: [merged(sources(project.base))], contextNames: [""])]
                for modifier in project.modifiers {
                    units.append(
                        Unit(
                            selector: modifier.selector, documents: modifier.files.map { merged(sources($0)) },
                            contextNames: modifier.selector.contexts))
                }
                return
            }
            let (base, modifiers) = ModeFiles.modifiers(paths)
            units = [Unit(selector: nil, documents: [merged(sources(base))], contextNames: [""])]
            for (selector, files) in modifiers {
                units.append(
                    Unit(
                        selector: selector, documents: files.map { merged(sources($0)) },
                        contextNames: selector.contexts))
            }
            return
        }
        let document: ResolverDocument
        if let known = memo.resolver, known.node === resolver.json.node {
            document = known.document
            d.append(known.issues)
            next.resolver = known
        } else {
            let mark = d.mark
            document = ResolverDocument(resolver.json, path: resolver.path, diagnostics: &d)
            next.resolver = (resolver.json.node, document, d.since(mark))
        }
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
                if mappings[modifier.name] == nil { mapping = ModeFiles.automaticMapping(contexts: names) }
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
                    Unit(
                        selector: selector, documents: modifier.contexts.map { merged($0.sources) }, contextNames: names
                    ))
            }
        }
        for mapping in input.mappings where !modifierNames.contains(mapping.modifier) {
            d.warning(mapping.location, "theme.modifiers: the resolver has no modifier '\(mapping.modifier)'")
        }
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
                    guard let known = old.document.tokens[key] else { continue }
                    if known.says(the: token) {
                        document.tokens[key] = known
                    } else {
                        dirty.insert(key)
                        if known.hints?.key != token.hints?.key { shapesKept = false }
                    }
                }
            }
            result = document
            if keepsMemo {
                next.flattened[cacheKey] = TokenMemo.Flattened(node: part.node, document: result, issues: d.since(mark))
            }
            reflattened.insert(cacheKey)
            if old.map({ !result.hasSameShape(as: $0.document) }) ?? true { shapesKept = false }
        }
        if result.groups.values.contains(where: { $0.extends != nil }) { shapesKept = false }
        return result
    }

    /// Builds the union of every unit (for group types and `$extends` targets), then applies `$extends`.
    mutating func finishUnits() {
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
        guard extending else { return }
        for u in units.indices {
            for c in units[u].documents.indices {
                var document = units[u].documents[c]
                applyExtends(&document)
                units[u].documents[c] = document
            }
        }
    }
}
