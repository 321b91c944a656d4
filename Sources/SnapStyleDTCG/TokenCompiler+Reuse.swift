import SnapStyleEngine
import SnapStyleJSON

/// Incremental reuse, the compiler's own layer over the stages: a file whose JSON node is the same keeps its
/// flattening, a token that says the same keeps its object, and only the keys whose tokens changed (`dirty`) are
/// compiled again into the last compile's layer; everything else is taken over from the memo (`TokenMemo`).
extension TokenCompiler {
    /// Compiles the dirty keys into the last compile's layer, and the keys naming a key whose type, attribute or alias
    /// height changed; nil when that grows past half of the keys, and the caller compiles everything anew.
    mutating func recompileDirty() -> DTCGCompilation? {
        graph.groups = reuse.memo.groups
        graph.hasDeprecatedGroups = graph.groups.values.contains { $0.deprecated != nil }
        graph.base = reuse.memo.base
        graph.keyOrder = reuse.memo.keyOrder
        graph.names = reuse.memo.names
        // Taken over, not shared, so that patching them does not copy them.
        graph.defs = reuse.memo.defs
        reuse.memo.defs = [:]
        var layer = reuse.memo.layer
        reuse.memo.layer = ThemeLayer(name: "")
        reuse.next.keys = reuse.memo.keys
        reuse.memo.keys = [:]
        reuse.next.keysWithIssues = reuse.memo.keysWithIssues
        for key in reuse.dirty {
            var list: [Def] = []
            for (u, unit) in graph.units.enumerated() {
                for (c, document) in unit.documents.enumerated() {
                    if let token = document.tokens[key] { list.append(Def(unit: u, context: c, token: token)) }
                }
            }
            graph.defs[key] = list
        }
        // A recompiled key whose type, attribute or alias height changed changes what the keys naming it concluded
        // from it: those are recompiled too, until nothing changes (or so many that compiling all is cheaper).
        var pending = reuse.dirty
        var readers: [String: [String]]?
        while !pending.isEmpty {
            var changed: [String] = []
            for key in graph.keyOrder where pending.contains(key) {
                pending.remove(key)
                let known = reuse.next.keys[key]
                let (result, compiled) = compileKey(key)
                if known?.attribute != result.attribute || known?.type != result.type
                    || known?.aliasHeight != result.aliasHeight || known?.valueParts != result.valueParts
                {
                    changed.append(key)
                }
                if let attribute = known?.attribute, known?.isDefined == true {
                    layer.set(attribute, name(key), nil)
                    layer.tokens.tokens[.key(attribute, name(key))] = nil
                }
                add(compiled, result.attribute, of: key, to: &layer)
                reuse.next.keys[key] = result
                if result.issues.isEmpty {
                    reuse.next.keysWithIssues.remove(key)
                } else {
                    reuse.next.keysWithIssues.insert(key)
                }
            }
            guard !changed.isEmpty else { break }
            if readers == nil { readers = readerIndex() }
            for key in changed {
                for reader in readers?[key] ?? [] {
                    analysis.attributeMemo[reader] = nil
                    analysis.typeMemo[reader] = nil
                    analysis.aliasHeights[reader] = nil
                    analysis.valueParts[reader] = nil
                    reuse.dirty.insert(reader)
                    pending.insert(reader)
                }
            }
            if reuse.dirty.count * 2 > graph.keyOrder.count { return nil }
        }
        return finish(layer, recompiled: Set(reuse.dirty.map(name)))
    }

    /// A file (or the part a pointer names) flattened, or the last compile's flattening while its JSON is the same.
    mutating func flattened(_ part: LocatedJSON, path: String, cacheKey: String) -> TokenDocument {
        let result: TokenDocument
        let old = reuse.memo.flattened[cacheKey]
        let dialect = input.dialect(of: part)
        if let old, old.node === part.node, old.dialect == dialect {
            result = old.document
            d.append(old.issues)
            reuse.next.flattened[cacheKey] = old
        } else {
            let mark = d.mark
            var document = TokenDocument(part, file: path, dialect: dialect, diagnostics: &d)
            if let old {
                // Tokens the edit left as they were stay the same objects, so that their keys' results are kept.
                for (key, token) in document.tokens {
                    guard let known = old.document.tokens[key] else { continue }
                    if known.says(the: token) {
                        document.tokens[key] = known
                    } else {
                        reuse.dirty.insert(key)
                        if known.hints?.key != token.hints?.key { reuse.shapesKept = false }
                    }
                }
            }
            result = document
            if reuse.keepsMemo {
                reuse.next.flattened[cacheKey] = TokenMemo.Flattened(
                    node: part.node, dialect: dialect, document: result, issues: d.since(mark))
            }
            reuse.reflattened.insert(cacheKey)
            if old.map({ !result.hasSameShape(as: $0.document) }) ?? true { reuse.shapesKept = false }
        }
        if result.groups.values.contains(where: { $0.extends != nil }) { reuse.shapesKept = false }
        return result
    }

    /// For each key, the keys whose values name it (as a whole value, inside a composite or in math).
    func readerIndex() -> [String: [String]] {
        var readers: [String: [String]] = [:]
        for key in graph.keyOrder {
            for target in Set(aliasTargets(of: key).map(\.key)) { readers[target, default: []].append(key) }
        }
        return readers
    }
}
