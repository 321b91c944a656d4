import SnapStyleEngine
import SnapStyleJSON

extension KeyAnalysis {
    /// One key on the walk's stack: the keys its values name, how far through them the walk is, and whether the
    /// key was reached through a whole-value alias.
    private struct Step {
        var key: String
        var targets: [(key: String, whole: Bool)]
        var next = 0
        var whole: Bool
    }

    /// Follows every alias reachable from `key` with a stack of its own and works out each key's type and attribute
    /// from the deepest target up, so that `attribute(of:)` and `keyType(_:)` find every target's answer made
    /// instead of recursing along the chain (10,000 aliases in a row overflowed the thread's stack). A cycle of
    /// whole-value aliases is reported here, at the token where the walk entered it. Each key's longest chain of
    /// whole-value aliases is counted on the way: a token whose chain goes through more than `Limits.referenceDepth`
    /// tokens cannot resolve, which is said where it is written.
    mutating func prepareAliases(from key: String) {
        guard isOpen(key) else { return }
        var stack = [Step(key: key, targets: graph.aliasTargets(of: key), whole: false)]
        var onStack = [key: 0]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next == stack[top].targets.count else {
                let (target, whole) = stack[top].targets[stack[top].next]
                stack[top].next += 1
                if let start = onStack[target] {
                    if whole && stack[(start + 1)...].allSatisfy(\.whole) {
                        closeCycle(stack[start...].map(\.key) + [target])
                    }
                } else if isOpen(target) {
                    onStack[target] = stack.count
                    stack.append(Step(key: target, targets: graph.aliasTargets(of: target), whole: whole))
                }
                continue
            }
            let step = stack.removeLast()
            onStack[step.key] = nil
            settle(step.key)
        }
    }

    /// Whether a key has values and was not walked yet, in this compile or (kept as it was) in the last.
    private func isOpen(_ key: String) -> Bool {
        graph.defs[key] != nil && aliasHeights[key] == nil && !results.isKept(key)
    }

    /// The longest chain of whole-value aliases from a key (0 for a key whose values are all literals).
    func aliasHeight(_ key: String) -> Int {
        aliasHeights[key] ?? results.all[key]?.aliasHeight ?? 0
    }

    /// Works out a key's type and attribute once its targets have theirs, and counts its alias chain.
    private mutating func settle(_ key: String) {
        var height = 0
        var deepest: Def?
        for def in graph.defs[key]! {
            guard let target = AliasSyntax.whole(def.token.value), graph.defs[target] != nil else { continue }
            if aliasHeight(target) + 1 > height {
                height = aliasHeight(target) + 1
                deepest = def
            }
        }
        aliasHeights[key] = height
        settleParts(key)
        if height >= Limits.referenceDepth, let deepest {
            var own = Diagnostics()
            own.warning(
                deepest.token.location,
                "\(key): its alias chain goes through \(height + 1) tokens, more than the \(Limits.referenceDepth) "
                    + "a value may go through: resolving it fails")
            issues[key, default: Diagnostics()].append(own)
        }
        _ = attribute(of: key)
        _ = keyType(key)
    }

    /// Reports a cycle of whole-value aliases at its first token; no token on it imports.
    private mutating func closeCycle(_ cycle: [String]) {
        let head = cycle[0]
        guard let def = graph.defs[head]?.first else { return }
        var own = Diagnostics()
        let shown = cycle.count <= 12 ? cycle : Array(cycle.prefix(10)) + ["… (\(cycle.count - 1) tokens)", head]
        own.error(def.token.location, "alias cycle: " + shown.joined(separator: " → "))
        issues[head, default: Diagnostics()].append(own)
        for key in cycle.dropLast() {
            attributeMemo[key] = .some(nil)
            if typeMemo[key] == nil {
                typeMemo[key] = .some(graph.defs[key]?.lazy.compactMap(\.token.type).first)
            }
        }
    }

    /// The parts a key's value expands to through its aliases (the largest of its values), at most one more than
    /// `Limits.valueParts`.
    func valueParts(_ key: String) -> Int {
        partsMemo[key] ?? results.all[key]?.valueParts ?? 1
    }

    /// Counts what each value of a key expands to once its aliases are replaced, from its targets' counts: a value
    /// past `Limits.valueParts` (aliases to aliases several at a time grow exponentially) is an error at the token,
    /// which then does not import; every key naming it is past the bound too, and said so where it is written.
    private mutating func settleParts(_ key: String) {
        var largest = 1
        var over: Def?
        for def in graph.defs[key]! {
            let parts = countParts(def.token.value)
            if parts > largest { largest = parts }
            if parts > Limits.valueParts, over == nil { over = def }
        }
        guard let over else {
            partsMemo[key] = largest
            return
        }
        partsMemo[key] = Limits.valueParts + 1
        var own = Diagnostics()
        own.error(
            over.token.location,
            "\(key): its value expands to more than \(Limits.valueParts) parts through its aliases: left out")
        issues[key, default: Diagnostics()].append(own)
        attributeMemo[key] = .some(nil)
    }

    private func countParts(_ value: JSONValue) -> Int {
        let bound = Limits.valueParts + 1
        switch value {
        case .string(let text):
            guard let target = TokenDocument.reference(text), graph.defs[target] != nil else { return 1 }
            return valueParts(target)
        case .object(let object):
            if object.count == 1, let pointer = object["$ref"]?.stringValue {
                guard let (target, _) = AliasSyntax.pointerTarget(pointer), graph.defs[target] != nil else { return 1 }
                return valueParts(target)
            }
            if TokensStudioMath.text(of: value) != nil { return 1 }
            var total = 1
            for member in object.members {
                total = min(bound, total + countParts(member.value))
                if total == bound { break }
            }
            return total
        case .array(let elements):
            var total = 1
            for element in elements {
                total = min(bound, total + countParts(element))
                if total == bound { break }
            }
            return total
        default:
            return 1
        }
    }
}
