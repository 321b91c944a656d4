import SnapStyleEngine
import SnapStyleJSON

/// Incremental reuse, the compiler's own layer over the stages: a file whose JSON node is the same keeps its
/// flattening, a token that says the same keeps its object, and only the keys whose tokens changed (`dirty`) are
/// compiled again into the last compile's layer; everything else is taken over from the memo (`TokenMemo`).
extension TokenCompiler {
    /// Compiles the dirty keys into the last compile's layer, and the keys naming a key whose type, attribute or alias
    /// height changed; nil when that grows past half of the keys, and the caller compiles everything anew.
    mutating func recompileDirty() -> DTCGCompilation? {
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

    /// For each key, the keys whose values name it (as a whole value, inside a composite or in math).
    func readerIndex() -> [String: [String]] {
        var readers: [String: [String]] = [:]
        for key in keyOrder {
            for target in Set(aliasTargets(of: key).map(\.key)) { readers[target, default: []].append(key) }
        }
        return readers
    }
}
