import SnapStyleEngine
import SnapStyleJSON

extension KeyAnalysis {
    /// The type of a group's tokens: the nearest group with a `$type`, in the token's own document first.
    func groupType(_ def: Def) -> String? {
        let document = graph.units[def.unit].documents[def.context]
        var path = def.token.key.split(separator: ".").map(String.init)
        while !path.isEmpty {
            path.removeLast()
            let key = path.joined(separator: ".")
            if let type = document.groups[key]?.type ?? graph.base.groups[key]?.type { return type }
        }
        return nil
    }

    /// A type read from the value's shape, for a token with none: a color object, a dimension object, a number.
    static func shapeType(_ value: JSONValue) -> String? {
        switch value {
        case .object(let object) where object["colorSpace"] != nil && object["components"] != nil: "color"
        case .object(let object) where object["value"] != nil && object["unit"] != nil && object.count == 2:
            "dimension"
        case .integer, .double: "number"
        default: nil
        }
    }

    /// One value's type: its own `$type`, its alias target's, its group's, or (with a warning) its shape's.
    mutating func type(of def: Def, warn: Bool) -> String? {
        if def.token.isLoose, let target = AliasSyntax.whole(def.token.value), graph.defs[target] != nil,
            let type = keyType(target)
        {
            return type
        }
        if let type = def.token.type { return type }
        if let target = AliasSyntax.whole(def.token.value) {
            if warn && groupType(def) == nil {
                d.warning(def.token.location, "\(def.token.key): an alias without $type takes its target's type")
            }
            return keyType(target)
        }
        if let type = groupType(def) { return type }
        if let type = Self.shapeType(def.token.value) {
            if warn { d.warning(def.token.location, "\(def.token.key): no $type anywhere: typed \(type) by its value") }
            return type
        }
        if warn {
            d.error(def.token.location, "\(def.token.key): no $type on the token, its groups or an alias target")
        }
        return nil
    }

    /// A key's type: that of its first value that has one.
    mutating func keyType(_ key: String) -> String? {
        if let known = typeMemo[key] { return known }
        if let kept = results.kept(key) { return kept.type }
        // `prepareAliases(from:)` works types out from the deepest alias up; only a cycle through a composite's alias
        // gets this deep.
        guard let list = graph.defs[key], typing.count <= Limits.referenceDepth,
            typing.insert(key).inserted
        else {
            return nil
        }
        defer { typing.remove(key) }
        var result: String?
        for def in list {
            if let type = type(of: def, warn: false) {
                result = type
                break
            }
        }
        typeMemo[key] = .some(result)
        return result
    }

    /// The attribute a key imports into (nil when its values are in error). Every value must agree.
    mutating func attribute(of key: String) -> Attribute? {
        if let known = attributeMemo[key] { return known }
        if let kept = results.kept(key) { return kept.attribute }
        guard let list = graph.defs[key] else { return nil }
        if let start = aliasStack.firstIndex(of: key) {
            let cycle = aliasStack[start...] + [key]
            if let def = graph.defs[aliasStack[start]]?.first {
                d.error(def.token.location, "alias cycle: " + cycle.joined(separator: " → "))
            }
            onCycles.formUnion(cycle)
            return nil
        }
        guard aliasStack.count <= Limits.referenceDepth else { return nil }  // as in keyType(_:)
        aliasStack.append(key)
        defer { aliasStack.removeLast() }
        let mark = d.mark
        var result: Attribute?
        var failed = false
        var dangling: [(Def, String)] = []
        for (index, def) in list.enumerated() {
            var attribute: Attribute?
            if let target = AliasSyntax.whole(def.token.value) {
                guard graph.defs[target] != nil else {
                    dangling.append((def, target))  // reported with its definition, when the key has one
                    continue
                }
                if !def.token.isLoose, let own = def.token.type, let actual = keyType(target), own != actual {
                    d.error(def.token.location, "\(key): alias {\(target)} is a \(actual), not a \(own)")
                    failed = true
                    continue
                }
                guard let attribute = self.attribute(of: target) else {
                    if !onCycles.contains(key) {
                        d.leftOut(def.token.location, reader: key, target: target)
                    }
                    failed = true
                    continue
                }
                if !def.token.isLoose, def.token.type == nil, groupType(def) == nil {
                    d.warning(def.token.location, "\(key): an alias without $type takes its target's type")
                }
                if let a = result, a != attribute { mismatch(key, def, a, attribute); failed = true }
                result = result ?? attribute
                continue
            }
            guard let type = type(of: def, warn: true) else {
                failed = true
                continue
            }
            if !def.token.isLoose, type == DTCGType.typography.rawValue, case .object(let members) = def.token.value,
                members["fontSize"] == nil
            {
                d.error(def.token.location, "\(key): fontSize: missing (a DTCG typography has a size)")
                failed = true
                continue
            }
            if TokensStudioMath.text(of: def.token.value) != nil {
                attribute = DTCGType.attribute(of: type)
            } else if AliasSyntax.hasAlias(def.token.value) {
                attribute = DTCGType.attribute(of: type)
                if attribute == .font, typographyImportsAsToken(def.token.value) { attribute = .token }
            } else {
                let conversion = Result { () throws(DTCGValueError) in
                    try DTCGValue.convert(type, def.token.value, remBase: remBase)
                }
                converted[key, default: [:]][index] = conversion
                switch conversion {
                case .success(let value): attribute = value.attribute
                case .failure(let error):
                    d.error(def.token.location, "\(key): \(error.text)")
                    failed = true
                    continue
                }
            }
            if let a = result, let attribute, a != attribute {
                mismatch(key, def, a, attribute)
                failed = true
            }
            result = result ?? attribute
        }
        // A key whose every value names no token has no definition to report it with: it is reported here.
        if result == nil, !failed {
            for (def, target) in dangling { _ = checkTarget(target, from: def, expected: nil) }
        }
        let answer = failed ? nil : result
        attributeMemo[key] = .some(answer)
        // Reported with the key, to be kept with its result.
        issues[key, default: Diagnostics()].append(d.take(since: mark))
        return answer
    }

    mutating func mismatch(_ key: String, _ def: Def, _ first: Attribute, _ other: Attribute) {
        d.error(
            def.token.location,
            "\(key): imports as \(other.rawValue) here but as \(first.rawValue) in another file (types differ)")
    }

    /// Whether a typography value with aliases inside has a size that cannot become points (written in `em`, or an
    /// alias of a dimension that imports as a `token`): the whole token is then a `token`, as it is without aliases.
    mutating func typographyImportsAsToken(_ value: JSONValue) -> Bool {
        guard case .object(let object) = value else { return false }
        // A typography of some members only (Tokens Studio's) is a `token` of those members.
        guard let size = object["fontSize"] else { return !object.isEmpty }
        if let target = AliasSyntax.whole(size) { return graph.defs[target] != nil && attribute(of: target) == .token }
        guard let dimension = try? DimensionValue.read(size, "fontSize") else { return false }
        return dimension.points(remBase: remBase) == nil
    }

    /// Checks that an alias's target exists and has the expected type.
    mutating func checkTarget(_ target: String, from def: Def, expected: String?) -> Bool {
        guard graph.defs[target] != nil else {
            let near = suggestions.closest(to: target, kind: "token") { Array(graph.defs.keys) }
            d.error(
                def.token.location,
                "\(def.token.key): alias {\(target)} names no token" + (near.map { " (did you mean {\($0)}?)" } ?? ""))
            return false
        }
        if let expected, let actual = keyType(target), actual != expected,
            !(def.token.isLoose && TokenDefinitions.looselyEqual(actual, expected))
        {
            d.error(def.token.location, "\(def.token.key): alias {\(target)} is a \(actual), not a \(expected)")
            return false
        }
        return true
    }
}
