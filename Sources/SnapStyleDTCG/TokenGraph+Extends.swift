import SnapStyleEngine

extension TokenGraph {
    /// Group `$extends` (a deep merge): the named group's tokens and subgroups are copied below the extending group
    /// where it has none of its own. A chain is applied from its far end, so a group also inherits what its target
    /// inherited. Each group's chain is walked at most `Limits.extendsDepth` steps, and descendants are found
    /// through an index, so the work grows with the groups and the tokens copied, not with their product; a group
    /// whose chain is longer, or runs into a cycle, is an error where its `$extends` is written.
    mutating func applyExtends(_ d: inout Diagnostics) {
        guard units.contains(where: { $0.documents.contains { $0.groups.values.contains { $0.extends != nil } } })
        else { return }
        for u in units.indices {
            for c in units[u].documents.indices {
                var document = units[u].documents[c]
                extend(&document, &d)
                units[u].documents[c] = document
            }
        }
    }

    private func extend(_ document: inout TokenDocument, _ d: inout Diagnostics) {
        var chains: [(key: String, target: String, location: SourceLocation, depth: Int)] = []
        for (key, info) in document.groups.sorted(by: { $0.key < $1.key }) {
            guard let (target, location) = info.extends else { continue }
            if let depth = extendsDepth(of: key, target: target, location: location, in: document, &d) {
                chains.append((key, target, location, depth))
            }
        }
        guard !chains.isEmpty else { return }
        var own = DescendantIndex(document)
        var below = DescendantIndex?.none
        for (key, target, location, _) in chains.sorted(by: { ($0.depth, $0.key) < ($1.depth, $1.key) }) {
            if document.tokens[target] != nil || base.tokens[target] != nil {
                d.error(location, "\(key): $extends names the token '\(target)', not a group")
                continue
            }
            let inOwn = !own.tokens[target, default: []].isEmpty
            if !inOwn && below == nil { below = DescendantIndex(base) }
            let index = inOwn ? own : below!
            let source = inOwn ? document : base
            let inherited = index.tokens[target, default: []]
            guard !inherited.isEmpty || source.groups[target] != nil else {
                d.error(location, "\(key): $extends names no group '\(target)'")
                continue
            }
            for name in inherited {
                let newKey = key + String(name.dropFirst(target.count))
                guard document.tokens[newKey] == nil, let token = source.tokens[name] else { continue }
                document.tokens[newKey] = token.moved(to: newKey)
                document.order.append(newKey)
                own.addToken(newKey)
            }
            for group in index.groups[target, default: []] {
                let newGroup = key + String(group.dropFirst(target.count))
                if document.groups[newGroup] == nil, let info = source.groups[group] {
                    document.groups[newGroup] = info
                    own.addGroup(newGroup)
                }
            }
            if document.groups[key]?.type == nil, let type = source.groups[target]?.type {
                document.groups[key]?.type = type
            }
        }
    }

    /// The number of `$extends` steps from a group to the end of its chain; nil (reported) for a cycle, a group
    /// extending its own ancestor, or a chain longer than `Limits.extendsDepth`.
    private func extendsDepth(
        of key: String, target: String, location: SourceLocation, in document: TokenDocument, _ d: inout Diagnostics
    ) -> Int? {
        var chain = [key]
        var seen: Set = [key]
        var following: String? = target
        while let current = following {
            if seen.contains(current) || key.hasPrefix(current + ".") {
                d.error(location, "$extends cycle: " + (chain + [current]).joined(separator: " → "))
                return nil
            }
            guard chain.count <= Limits.extendsDepth else {
                d.error(
                    location,
                    "\(key): its $extends chain goes through more than \(Limits.extendsDepth) groups "
                        + "(\(chain.prefix(3).joined(separator: " → ")) → …)")
                return nil
            }
            chain.append(current)
            seen.insert(current)
            following = (document.groups[current] ?? base.groups[current])?.extends?.key
        }
        return chain.count - 1
    }
}

/// A document's tokens and groups by each group above them (`a` and `a.b` for `a.b.c`), in document order.
private struct DescendantIndex {
    var tokens: [String: [String]] = [:]
    var groups: [String: [String]] = [:]

    init(_ document: TokenDocument) {
        for key in document.order { addToken(key) }
        for key in document.groups.keys.sorted() { addGroup(key) }
    }

    mutating func addToken(_ key: String) {
        for group in Self.ancestors(of: key) { tokens[group, default: []].append(key) }
    }

    mutating func addGroup(_ key: String) {
        for group in Self.ancestors(of: key) { groups[group, default: []].append(key) }
    }

    /// `a` and `a.b` for `a.b.c` (split at dots: DTCG names hold none).
    static func ancestors(of key: String) -> [String] {
        var result: [String] = []
        var index = key.startIndex
        while let dot = key[index...].firstIndex(of: ".") {
            result.append(String(key[..<dot]))
            index = key.index(after: dot)
        }
        return result
    }
}
