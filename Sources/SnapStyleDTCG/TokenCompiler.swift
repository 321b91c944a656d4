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
    /// The token graph: what the front ends plan and the merge reads out of the files.
    var graph = TokenGraph()
    /// What the stages work out about each key in this compile.
    var analysis = KeyAnalysis()
    /// The incremental layer: the last compile's results, this one's for the next, and what changed.
    var reuse: ReuseState
    /// Each key's errors and warnings, kept with its result.
    var issues: [String: Diagnostics] = [:]
    var d = Diagnostics()
    /// "Did you mean" for aliases to no token, bounded per compile.
    var suggestions = SuggestionPool()

    public static func compile(_ input: DTCGInput, themeName: String) -> DTCGCompilation {
        var memo = TokenMemo()
        return compile(input, themeName: themeName, memo: &memo)
    }

    /// Compiles, taking over from `memo` what the changed files did not touch, and leaves the memo for the next.
    public static func compile(_ input: DTCGInput, themeName: String, memo: inout TokenMemo) -> DTCGCompilation {
        var compiler = TokenCompiler(input: input, themeName: themeName, memo: memo)
        memo = TokenMemo()  // the compiler's copy is then the only one, and patched in place
        if let result = compiler.run(reusing: true) {
            memo = compiler.reuse.next
            return result
        }
        // Reusing would have recompiled most keys (a type or attribute many keys depend on changed): all of them.
        var fresh = TokenCompiler(input: input, themeName: themeName, memo: TokenMemo())
        let result = fresh.run(reusing: false)!
        memo = fresh.reuse.next
        return result
    }

    /// Compiles every key and leaves no memo: for a theme so large that its memo and its files' parsed JSON would
    /// outweigh its compiled form. `input` is taken over, and its documents are let go once flattened.
    public static func compileWhole(_ input: consuming DTCGInput, themeName: String) -> DTCGCompilation {
        var compiler = TokenCompiler(input: input, themeName: themeName, memo: TokenMemo())
        compiler.reuse.keepsMemo = false
        return compiler.run(reusing: false)!
    }

    init(input: DTCGInput, themeName: String, memo: TokenMemo) {
        self.input = input
        self.themeName = themeName
        reuse = ReuseState(memo: memo)
    }

    /// Nil when a reused result turns out stale (a recompiled key's type or attribute changed).
    mutating func run(reusing allowed: Bool) -> DTCGCompilation? {
        let signature = TokenMemo.Signature(input)
        buildUnits()
        if !reuse.keepsMemo { input.documents = [:] }
        reuse.reusing = allowed && reuse.shapesKept && reuse.memo.signature.map { $0.matches(signature) } == true
        reuse.next.signature = signature
        guard reuse.reusing else { return compileAll() }
        return recompileDirty()
    }

    /// Compiles every key.
    mutating func compileAll() -> DTCGCompilation {
        finishUnits()
        for (u, unit) in graph.units.enumerated() {
            for (c, document) in unit.documents.enumerated() {
                for key in document.order {
                    if graph.defs[key] == nil { graph.keyOrder.append(key) }
                    graph.defs[key, default: []].append(Def(unit: u, context: c, token: document.tokens[key]!))
                }
            }
        }
        nameKeys()
        var layer = ThemeLayer(name: themeName)
        layer.tokens.modifiers = graph.units.compactMap(\.selector)
        for key in graph.keyOrder {
            let (result, compiled) = compileKey(key)
            if reuse.keepsMemo || !result.issues.isEmpty { reuse.next.keys[key] = result }
            if !result.issues.isEmpty { reuse.next.keysWithIssues.insert(key) }
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
        analysis.converted[key] = nil
        var own = issues.removeValue(forKey: key) ?? Diagnostics()
        own.append(d.take(since: mark))
        let result = TokenMemo.KeyResult(
            attribute: attribute, type: keyType(key), isDefined: compiled != nil, issues: own,
            aliasHeight: aliasHeight(key), valueParts: valueParts(key))
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
        for key in graph.keyOrder where reuse.next.keysWithIssues.contains(key) {
            all.append(reuse.next.keys[key]!.issues)
        }
        reuse.next.groups = graph.groups
        reuse.next.base = graph.base
        reuse.next.keyOrder = graph.keyOrder
        reuse.next.names = graph.names
        reuse.next.defs = graph.defs
        reuse.next.layer = layer
        reuse.next.reusedKeys = recompiled.map { graph.keyOrder.count - $0.count } ?? 0
        let (served, leftOut) = leavingOutReaders(of: layer)
        all.append(leftOut)
        // A key left out now and not last time, or the other way round, changed too.
        let changedLeftOut = reuse.next.leftOut.symmetricDifference(reuse.memo.leftOut).map(name)
        return DTCGCompilation(
            layer: served, errors: oncePerCause(all.errors), themeErrors: oncePerCause(d.errors),
            warnings: oncePerCause(all.warnings), tokenCount: graph.keyOrder.count,
            recompiled: recompiled.map { $0.union(changedLeftOut) }
        )
    }

    /// Takes the keys `$extensions."org.snapstyle".key` gives tokens instead of their paths (an export's native
    /// keys), unless the key is another token's.
    mutating func nameKeys() {
        var taken = Set(graph.keyOrder)
        for key in graph.keyOrder {
            guard let def = graph.defs[key]!.last(where: { $0.token.hints?.key != nil }),
                let name = def.token.hints!.key,
                name != key
            else { continue }
            guard !taken.contains(name) else {
                d.warning(def.token.location, "\(key): the key '\(name)' its extension names is taken: kept as \(key)")
                continue
            }
            taken.insert(name)
            graph.names[key] = name
        }
    }

    /// The key a token path becomes.
    func name(_ key: String) -> String { graph.names[key] ?? key }

    // MARK: Units

    mutating func buildUnits() {
        var cache: [String: TokenDocument] = [:]
        func document(_ source: TokenSource) -> TokenDocument {
            switch source {
            case .inline(let json, let location):
                return TokenDocument(json, file: location.file, dialect: input.dialect(of: json), diagnostics: &d)
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
                    guard let inner = part[segment] else {
                        d.error(location, "'\(path)#/\(pointer.joined(separator: "/"))' points at nothing")
                        return TokenDocument()
                    }
                    part = inner
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
            if let key, let known = reuse.memo.merged[key], !known.sources.contains(where: reuse.reflattened.contains) {
                reuse.next.merged[key] = known
                return known.document
            }
            var result = TokenDocument()
            for document in documents { result.merge(document) }
            if let key, reuse.keepsMemo { reuse.next.merged[key] = (keys, result) }
            return result
        }
        let plans: [TokenFrontEnd.Plan]
        if let resolver = input.resolver {
            let document: ResolverDocument
            if let known = reuse.memo.resolver, known.node === resolver.json.node {
                document = known.document
                d.append(known.issues)
                reuse.next.resolver = known
            } else {
                let mark = d.mark
                document = ResolverDocument(resolver.json, path: resolver.path, diagnostics: &d)
                reuse.next.resolver = (resolver.json.node, document, d.since(mark))
            }
            plans = TokenFrontEnd.resolver(document, mappings: input.mappings, &d)
        } else if let studio = input.studioThemes, studio.json.value.arrayValue == nil {
            let node = studio.json.node.position
            d.error(
                SourceLocation(file: studio.path, line: node.line, column: node.column),
                "$themes must be an array of Tokens Studio themes, not \(studio.json.value.typeName): every set "
                    + "applies instead")
            plans = TokenFrontEnd.modeFiles(input)
        } else if let studio = input.studioThemes, !(studio.json.value.arrayValue ?? []).isEmpty {
            // A project without themes (`[]`) applies every set, as one without `$themes.json` does.
            (plans, graph.sourceFiles) = TokenFrontEnd.tokensStudio(input, themes: studio, &d)
        } else {
            plans = TokenFrontEnd.modeFiles(input)
        }
        graph.units = plans.map { plan in
            Unit(selector: plan.selector, documents: plan.contexts.map(merged), contextNames: plan.contextNames)
        }
    }

    /// Builds the union of every unit (for group types and `$extends` targets), then applies `$extends`.
    mutating func finishUnits() {
        let extending = graph.units.contains {
            $0.documents.contains { $0.groups.values.contains { $0.extends != nil } }
        }
        for unit in graph.units {
            for document in unit.documents {
                for (key, info) in document.groups { graph.groups[key] = GroupInfo.merged(graph.groups[key], info) }
            }
            guard unit.selector == nil else { continue }
            if extending {
                graph.base.merge(unit.documents[0])
            } else {
                for (key, info) in unit.documents[0].groups {
                    graph.base.groups[key] = GroupInfo.merged(graph.base.groups[key], info)
                }
            }
        }
        graph.hasDeprecatedGroups = graph.groups.values.contains { $0.deprecated != nil }
        guard extending else { return }
        for u in graph.units.indices {
            for c in graph.units[u].documents.indices {
                var document = graph.units[u].documents[c]
                applyExtends(&document)
                graph.units[u].documents[c] = document
            }
        }
    }
}
