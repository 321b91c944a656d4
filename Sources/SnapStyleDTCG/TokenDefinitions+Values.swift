import SnapStyleEngine
import SnapStyleJSON

extension TokenDefinitions {
    /// A key's definition and metadata: its values from the top of the resolution order down, the modifiers'
    /// values as `when` cases selected by the modifier, the top set's value as `else`.
    mutating func definition(of key: String, _ attribute: Attribute) -> (DefinitionEntry, TokenCatalog.Token)? {
        let list = graph.defs[key]!
        var conditional: [(Def, Definition)] = []
        var otherwise: (Def, Definition)?
        var failed = false
        // From the top of the resolution order down: the first set that writes the key shadows everything below.
        for (index, def) in list.enumerated().reversed() {
            guard var definition = value(of: def, index: index, key: key, attribute) else {
                failed = true
                continue
            }
            if var modify = def.token.modify, attribute == .surface {
                // A modifier given as a reference to a token holding one.
                if case .string(let text) = modify, let target = TokenDocument.reference(text) {
                    guard let held = modifierObject(target, from: def) else {
                        d.error(def.token.location, "\(key): the modifier {\(target)} names no modifier")
                        failed = true
                        continue
                    }
                    modify = held
                }
                guard let result = modified(definition, by: modify, def: def, key: key) else {
                    failed = true
                    continue
                }
                definition = result
            }
            guard otherwise == nil else { continue }
            if graph.units[def.unit].selector == nil {
                otherwise = (def, definition)
            } else {
                conditional.append((def, definition))
            }
        }
        guard !failed else { return nil }
        conditional.sort { ($0.0.unit, -$0.0.context) > ($1.0.unit, -$1.0.context) }
        var cases: [Definition.Case] = []
        var sources: [TokenCatalog.Source] = []
        for (def, definition) in conditional {
            let selector = graph.units[def.unit].selector!
            let context = graph.units[def.unit].contextNames[def.context]
            cases.append(Definition.Case(predicate: selector.selects(context), then: definition))
            sources.append(TokenCatalog.Source(modifier: selector.name, context: context, location: def.token.location))
        }
        let definition: Definition
        let location: SourceLocation
        if let (def, value) = otherwise {
            sources.append(TokenCatalog.Source(modifier: nil, context: nil, location: def.token.location))
            definition = cases.isEmpty ? value : .when(cases, else: value)
            location = def.token.location
        } else {
            definition = .when(cases, else: nil)
            location = sources.first?.location ?? list[0].token.location
        }
        let top = (otherwise?.0 ?? list.last!).token
        let deprecated = top.deprecated ?? inheritedDeprecation(key)
        var token = TokenCatalog.Token(
            type: analysis.keyType(key) ?? "token", description: top.description,
            deprecated: deprecated.flatMap { $0 == .bool(false) ? nil : $0 }, sources: sources)
        token.isSource =
            !graph.sourceFiles.isEmpty && list.allSatisfy { graph.sourceFiles.contains($0.token.location.file) }
        return (DefinitionEntry(definition: definition, location: location), token)
    }

    /// The modifier a token of its own holds (`TokenDocument.modifiers`): in the value's own document first.
    func modifierObject(_ key: String, from def: Def) -> JSONValue? {
        if let held = graph.units[def.unit].documents[def.context].modifiers[key] { return held }
        for unit in graph.units.reversed() {
            for document in unit.documents { if let held = document.modifiers[key] { return held } }
        }
        return nil
    }

    func inheritedDeprecation(_ key: String) -> JSONValue? {
        guard graph.hasDeprecatedGroups else { return nil }
        var path = key.split(separator: ".").map(String.init)
        while !path.isEmpty {
            path.removeLast()
            if let deprecated = graph.groups[path.joined(separator: ".")]?.deprecated { return deprecated }
        }
        return nil
    }

    /// One value as a definition: a reference for a whole alias, a literal otherwise.
    mutating func value(of def: Def, index: Int, key: String, _ attribute: Attribute) -> Definition? {
        let json = withWeightStyle(def.token.value)
        if let target = AliasSyntax.whole(json) {
            guard analysis.checkTarget(target, from: def, expected: def.token.type) else { return nil }
            return .ref(graph.name(target), adjust: [])
        }
        guard let type = analysis.type(of: def, warn: false) else { return nil }
        if let text = TokensStudioMath.text(of: json) { return math(text, def: def, key: key, attribute) }
        if AliasSyntax.hasAlias(json) {
            var ok = true
            let value = tokenValue(json, expected: type, container: type, def: def, ok: &ok)
            guard ok else { return nil }
            // The parts written here are checked as the type says, with each alias standing in for a valid value.
            if DTCGType.attribute(of: type) != .token, let probe = Self.probe(value) {
                do {
                    let probed = try DTCGValue.convert(type, probe, remBase: remBase)
                    for warning in probed.warnings { d.warning(def.token.location, "\(key): \(warning)") }
                } catch {
                    d.error(def.token.location, "\(key): \(error.text)")
                    return nil
                }
            }
            return .value(.imported(ImportedLiteral(type: type, value: value, remBase: remBase)))
        }
        guard case .success(let conversion)? = analysis.converted[key]?[index] else { return nil }
        for warning in conversion.warnings { d.warning(def.token.location, "\(key): \(warning)") }
        return .value(def.token.hints?.apply(to: conversion.literal) ?? conversion.literal)
    }

    /// Tokens Studio math as a `calc` over the keys it names, which must be numbers (lengths where it says so).
    mutating func math(_ text: String, def: Def, key: String, _ attribute: Attribute) -> Definition? {
        guard attribute == .number else {
            d.error(def.token.location, "\(key): math makes a number or a length, not a \(attribute.rawValue)")
            return nil
        }
        var lengths = Set<String>()
        for target in TokensStudioMath.references(in: text) {
            guard analysis.checkTarget(target, from: def, expected: nil) else { return nil }
            let attribute = analysis.attribute(of: target)
            guard attribute == .number else {
                if attribute == nil {
                    d.leftOut(def.token.location, reader: key, target: target)
                } else {
                    d.error(def.token.location, "\(key): {\(target)} in '\(text)' is not a number or a length")
                }
                return nil
            }
            if analysis.keyType(target) == "dimension" { lengths.insert(target) }
        }
        do {
            let expression = try TokensStudioMath.compile(text, remBase: remBase) { lengths.contains($0) }
            return .value(.number(.calc(expression, scaled: false)))
        } catch {
            d.error(def.token.location, "\(key): \(error.message)")
            return nil
        }
    }

    /// Tokens Studio math inside a composite: a constant when it reads no token, else a `calc` over number keys. Where
    /// the member is a dimension (`length`), a plain number is px, as Tokens Studio reads it.
    mutating func mathValue(_ text: String, def: Def, length: Bool, ok: inout Bool) -> TokenValue {
        var lengths = Set<String>()
        for target in TokensStudioMath.references(in: text) {
            guard analysis.checkTarget(target, from: def, expected: nil), analysis.attribute(of: target) == .number
            else {
                if graph.defs[target] != nil {
                    d.error(
                        def.token.location, "\(def.token.key): {\(target)} in '\(text)' is not a number or a length")
                }
                ok = false
                return .json(.string(text))
            }
            if analysis.keyType(target) == "dimension" { lengths.insert(target) }
        }
        do {
            var (expression, isLength) = try TokensStudioMath.compileWithUnit(text, remBase: remBase) {
                lengths.contains($0)
            }
            isLength = isLength || length
            guard let value = expression.constantValue else { return .calc(expression, isLength: isLength) }
            return .json(isLength ? .object(["value": .number(value), "unit": "px"]) : .number(value))
        } catch {
            d.error(def.token.location, "\(def.token.key): \(error.message)")
            ok = false
            return .json(.string(text))
        }
    }

    /// A typography whose weight names a Tokens Studio weight token that carries a style (`Regular italic`) has
    /// that style, as when the name is written in the typography itself.
    func withWeightStyle(_ json: JSONValue) -> JSONValue {
        guard case .object(var object) = json, object["fontStyle"] == nil, let weight = object["fontWeight"],
            var target = AliasSyntax.whole(weight)
        else { return json }
        for _ in 0..<Limits.referenceDepth {
            guard let token = graph.defs[target]?.last?.token else { return json }
            if let style = token.weightStyle {
                object["fontStyle"] = .string(style)
                return .object(object)
            }
            guard let next = AliasSyntax.whole(token.value) else { return json }
            target = next
        }
        return json
    }

    /// Types Tokens Studio lets stand for each other in an alias: numbers, lengths and weights are all numbers.
    static func looselyEqual(_ a: String, _ b: String) -> Bool {
        let numeric: Set = ["number", "dimension", "fontWeight"]
        return numeric.contains(a) && numeric.contains(b)
    }

    /// The type a member of a composite holds (for the aliases inside it).
    static func memberType(_ container: String, _ member: String) -> String? {
        switch (container, member) {
        case ("typography", "fontFamily"): "fontFamily"
        case ("typography", "fontSize"), ("typography", "letterSpacing"): "dimension"
        case ("typography", "fontWeight"): "fontWeight"
        case ("typography", "lineHeight"): "number"
        case ("shadow", "color"), ("border", "color"), ("stop", "color"): "color"
        case ("shadow", "offsetX"), ("shadow", "offsetY"), ("shadow", "blur"), ("shadow", "spread"),
            ("border", "width"):
            "dimension"
        case ("border", "style"): "strokeStyle"
        case ("transition", "duration"), ("transition", "delay"): "duration"
        case ("transition", "timingFunction"): "cubicBezier"
        case ("stop", "position"): "number"
        default: nil
        }
    }

    /// A value with aliases inside as a token value: each alias checked and kept, to resolve from the top layer.
    mutating func tokenValue(_ json: JSONValue, expected: String?, container: String, def: Def, ok: inout Bool)
        -> TokenValue
    {
        if case .string(let text) = json, let target = TokenDocument.reference(text) {
            guard analysis.checkTarget(target, from: def, expected: expected),
                let attribute = analysis.attribute(of: target)
            else {
                ok = false
                return .json(json)
            }
            return .alias(
                TokenAlias(
                    attribute: attribute, key: graph.name(target), type: expected ?? analysis.keyType(target) ?? ""))
        }
        if let text = TokensStudioMath.text(of: json) {
            return mathValue(text, def: def, length: expected == "dimension", ok: &ok)
        }
        if case .object(let object) = json, object.count == 1, let pointer = object["$ref"]?.stringValue {
            guard let (target, path) = AliasSyntax.pointerTarget(pointer) else {
                d.error(def.token.location, "\(def.token.key): '\(pointer)' is not a pointer into this theme's tokens")
                ok = false
                return .json(json)
            }
            guard analysis.checkTarget(target, from: def, expected: path.isEmpty ? expected : nil),
                let attribute = analysis.attribute(of: target)
            else {
                ok = false
                return .json(json)
            }
            let type = path.isEmpty ? (expected ?? analysis.keyType(target) ?? "") : (analysis.keyType(target) ?? "")
            return .alias(TokenAlias(attribute: attribute, key: graph.name(target), type: type, path: path))
        }
        switch json {
        case .object(let object):
            let members = object.members.map { member in
                TokenMember(
                    name: member.key,
                    value: tokenValue(
                        member.value, expected: Self.memberType(container, member.key), container: container, def: def,
                        ok: &ok))
            }
            guard members.allSatisfy({ $0.value.plain != nil }) else { return .object(members) }
            // Math worked out here changes a member, so the object is built again from its members.
            var rebuilt = JSONObject()
            for member in members { rebuilt.append(member.name, member.value.plain!) }
            return .json(.object(rebuilt))
        case .array(let elements):
            let elementContainer = container == "gradient" ? "stop" : container
            let elementType: String? =
                switch container {
                case "shadow": "shadow"
                case "color": "number"
                default: nil
                }
            let values = elements.map {
                tokenValue($0, expected: elementType, container: elementContainer, def: def, ok: &ok)
            }
            return values.allSatisfy({ $0.plain != nil }) ? .json(.array(values.map { $0.plain! })) : .array(values)
        default:
            return .json(json)
        }
    }
}

extension TokenDefinitions {
    /// A token value with each alias replaced by a valid value of the type it stands for (nil if a type is unknown).
    static func probe(_ value: TokenValue) -> JSONValue? {
        switch value {
        case .json(let json): return json
        case .object(let members):
            var object = JSONObject()
            for member in members {
                guard let json = probe(member.value) else { return nil }
                object.append(member.name, json)
            }
            return .object(object)
        case .array(let elements):
            var array: [JSONValue] = []
            for element in elements {
                guard let json = probe(element) else { return nil }
                array.append(json)
            }
            return .array(array)
        case .calc(_, let isLength):
            return isLength ? .object(["value": 1, "unit": "px"]) : 1
        case .alias(let alias):
            guard alias.path.isEmpty else { return .number(0) }
            switch alias.type {
            case "color": return .object(["colorSpace": "srgb", "components": [0, 0, 0]])
            case "dimension": return .object(["value": 1, "unit": "px"])
            case "fontFamily": return "serif"
            case "fontWeight": return 400
            case "number": return 1
            default: return nil
            }
        }
    }
}
