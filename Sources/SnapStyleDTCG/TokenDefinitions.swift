import SnapStyleEngine
import SnapStyleJSON

/// The definitions stage: each key's definition and catalog entry, into the theme's layer
/// (`TokenDefinitions+Values.swift`, `TokenDefinitions+Modify.swift`), from what the analysis stage works out about
/// it and its targets; and each key's result (`KeyResults`) for the next compile.
struct TokenDefinitions {
    typealias Def = TokenGraph.Def

    var analysis: KeyAnalysis

    /// One list of errors and warnings for both stages, so that a key's are in the order they were found.
    var d: Diagnostics {
        get { analysis.d }
        _modify { yield &analysis.d }
    }

    var graph: TokenGraph { analysis.graph }
    var remBase: Double { analysis.remBase }

    init(_ analysis: KeyAnalysis) { self.analysis = analysis }

    /// Every key compiled into a new layer.
    mutating func compileAll(into layer: inout ThemeLayer, keepingEveryResult: Bool) {
        for key in graph.keyOrder {
            let (result, compiled) = compileKey(key)
            if keepingEveryResult || !result.issues.isEmpty { analysis.results.set(key, result) }
            add(compiled, result.attribute, of: key, to: &layer)
        }
    }

    /// Compiles the keys whose tokens changed into the last compile's layer, and the keys naming a key whose type,
    /// attribute or alias height changed, until nothing changes; false when that grows past half of the keys (the
    /// caller then compiles everything anew), or when a key would be compiled twice: an edit that closes an alias
    /// cycle through kept keys changes their chains' heights on every round, and only a whole compile sees the
    /// cycle. `analysis.results.dirty` ends as every key compiled.
    mutating func recompile(into layer: inout ThemeLayer) -> Bool {
        var pending = analysis.results.dirty ?? []
        var readers: [String: [String]]?
        var compiled = Set<String>()
        while !pending.isEmpty {
            var changed: [String] = []
            for key in graph.keyOrder where pending.contains(key) {
                pending.remove(key)
                guard compiled.insert(key).inserted else { return false }
                let known = analysis.results.all[key]
                let (result, compiled) = compileKey(key)
                if known?.attribute != result.attribute || known?.type != result.type
                    || known?.aliasHeight != result.aliasHeight || known?.valueParts != result.valueParts
                {
                    changed.append(key)
                }
                // A key defined again under the same attribute is replaced in place (`add`), so that the layer's
                // tables, which the served generation shares, are copied only where something differs.
                if let attribute = known?.attribute, known?.isDefined == true,
                    compiled == nil || attribute != result.attribute
                {
                    layer.set(attribute, graph.name(key), nil)
                    layer.tokens.tokens[.key(attribute, graph.name(key))] = nil
                }
                add(compiled, result.attribute, of: key, to: &layer)
                analysis.results.set(key, result)
            }
            guard !changed.isEmpty else { break }
            if readers == nil { readers = graph.readerIndex() }
            for key in changed {
                for reader in readers?[key] ?? [] {
                    analysis.forget(reader)
                    analysis.results.dirty?.insert(reader)
                    pending.insert(reader)
                }
            }
            if (analysis.results.dirty?.count ?? 0) * 2 > graph.keyOrder.count { return false }
        }
        return true
    }

    /// One key's result (kept for the next compile) and its definition and catalog entry (which go into the layer).
    mutating func compileKey(_ key: String) -> (TokenMemo.KeyResult, (DefinitionEntry, TokenCatalog.Token)?) {
        analysis.prepareAliases(from: key)
        let mark = d.mark
        let attribute = analysis.attribute(of: key)
        let compiled = attribute.flatMap { definition(of: key, $0) }
        analysis.converted[key] = nil
        var own = analysis.issues.removeValue(forKey: key) ?? Diagnostics()
        own.append(d.take(since: mark))
        let result = TokenMemo.KeyResult(
            attribute: attribute, type: analysis.keyType(key), isDefined: compiled != nil, issues: own,
            aliasHeight: analysis.aliasHeight(key), valueParts: analysis.valueParts(key))
        return (result, compiled)
    }

    func add(
        _ compiled: (DefinitionEntry, TokenCatalog.Token)?, _ attribute: Attribute?, of key: String,
        to layer: inout ThemeLayer
    ) {
        guard let attribute, let (entry, token) = compiled else { return }
        layer.set(attribute, graph.name(key), entry)
        let node = NodeRef.key(attribute, graph.name(key))
        if layer.tokens.tokens[node] != token { layer.tokens.tokens[node] = token }
    }
}
