import SnapStyleEngine
import SnapStyleJSON

/// The graph stage's reading: the sources each entry of the front end's plan names, each file flattened into tokens
/// (`TokenDocument`) and each context's files merged in order. What the last compile read is reused: a file whose
/// parsed JSON is the same keeps its flattening, a token that says the same keeps its object (so its key's result is
/// kept), and a merge of the same flattenings is kept. It records in `reuse` the keys whose tokens changed and
/// whether every file kept its shape.
struct TokenReader {
    let input: DTCGInput
    /// The files flattened in this compile, by `path#pointer`.
    private var read: [String: TokenDocument] = [:]

    init(_ input: DTCGInput) { self.input = input }

    /// The plan's entries with their sources read and merged.
    mutating func units(_ plans: [TokenFrontEnd.Plan], reuse: inout ReuseState, _ d: inout Diagnostics)
        -> [TokenGraph.Unit]
    {
        plans.map { plan in
            TokenGraph.Unit(
                selector: plan.selector, documents: plan.contexts.map { merged($0, &reuse, &d) },
                contextNames: plan.contextNames)
        }
    }

    private mutating func merged(_ sources: [TokenSource], _ reuse: inout ReuseState, _ d: inout Diagnostics)
        -> TokenDocument
    {
        if sources.isEmpty { return TokenDocument() }
        if sources.count == 1 { return document(sources[0], &reuse, &d) }
        let documents = sources.map { document($0, &reuse, &d) }
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

    private mutating func document(_ source: TokenSource, _ reuse: inout ReuseState, _ d: inout Diagnostics)
        -> TokenDocument
    {
        switch source {
        case .inline(let json, let location):
            return TokenDocument(json, file: location.file, dialect: input.dialect(of: json), diagnostics: &d)
        case .file(let path, let pointer, let location):
            let cacheKey = source.fileKey!
            if let known = read[cacheKey] { return known }
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
            let result = flattened(part, path: path, cacheKey: cacheKey, &reuse, &d)
            read[cacheKey] = result
            return result
        }
    }

    /// A file (or the part a pointer names) flattened, or the last compile's flattening while its JSON is the same.
    private func flattened(
        _ part: LocatedJSON, path: String, cacheKey: String, _ reuse: inout ReuseState, _ d: inout Diagnostics
    ) -> TokenDocument {
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
}
