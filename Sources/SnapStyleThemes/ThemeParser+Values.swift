import SnapStyleEngine
import SnapStyleJSON

extension ThemeParser {
    mutating func parseNumber(_ json: LocatedJSON, _ what: String) -> NumberLiteral? {
        if case .object = json.value {
            guard onlyMembers(json, ["calc", "scaled"], what) else { return nil }
            guard let calcJSON = json["calc"], let text = calcJSON.value.stringValue else {
                error(json, "\(what): expected a number or {\"calc\": EXPRESSION}")
                return nil
            }
            var scaled = true
            if let scaledJSON = json["scaled"] {
                guard let value = scaledJSON.value.boolValue else {
                    error(scaledJSON, "\(what): scaled must be true or false")
                    return nil
                }
                scaled = value
            }
            do {
                return .calc(try CalcExpression.parse(text), scaled: scaled)
            } catch {
                // The expression starts one column after the string's opening quote.
                var position = calcJSON.position
                position.column += 1 + error.offset
                self.error(
                    position, "\(what): calc: \(error.message) (at column \(error.offset + 1) of the expression)")
                return nil
            }
        }
        return number(json, what).map(NumberLiteral.constant)
    }

    static let fontMembers = [
        "size", "weight", "width", "design", "textStyle", "family", "weightValue", "lineHeight", "letterSpacing",
    ]

    mutating func parseFont(_ json: LocatedJSON, _ what: String) -> FontLiteral? {
        guard members(json, what) != nil,
            onlyMembers(json, Self.fontMembers, what)
        else { return nil }
        guard let sizeJSON = json["size"] else {
            error(json, "\(what): a font needs a size")
            return nil
        }
        guard let size = number(sizeJSON, "\(what): size") else { return nil }
        var font = FontLiteral(size: size)
        if let j = json["weight"] {
            guard let v: FontWeight = closed(j, what, "weight") else { return nil }; font.weight = v
        }
        if let j = json["width"] {
            guard let v: FontWidth = closed(j, what, "width") else { return nil }; font.width = v
        }
        if let j = json["design"] {
            guard let v: FontDesign = closed(j, what, "design") else { return nil }; font.design = v
        }
        if let j = json["textStyle"] {
            guard let v: TextStyle = closed(j, what, "textStyle") else { return nil }
            font.textStyle = v
        }
        guard parseFontDetails(json, what, into: &font.details) else { return nil }
        return font
    }

    /// `family` (a name or a list of names), `weightValue` (1–1000), `lineHeight` (a multiple of the size, > 0) and
    /// `letterSpacing` (points): what a design token's typography carries, accepted in native files too.
    mutating func parseFontDetails(_ json: LocatedJSON, _ what: String, into details: inout FontDetails) -> Bool {
        if let j = json["family"] {
            let names = j.value.stringValue.map { [$0] } ?? j.value.arrayValue?.compactMap(\.stringValue)
            guard let names, !names.isEmpty, names.count == (j.value.arrayValue?.count ?? 1) else {
                error(j, "\(what): family is a font family name or a non-empty array of names")
                return false
            }
            details.families = names
        }
        if let j = json["weightValue"] {
            guard let v = number(j, "\(what): weightValue") else { return false }
            guard (1...1000).contains(v) else {
                error(j, "\(what): weightValue must be 1...1000")
                return false
            }
            details.weightValue = v
        }
        if let j = json["lineHeight"] {
            guard let v = number(j, "\(what): lineHeight") else { return false }
            guard v > 0 else {
                error(j, "\(what): lineHeight is a multiple of the size and must be more than 0")
                return false
            }
            details.lineHeight = v
        }
        if let j = json["letterSpacing"] {
            guard let v = number(j, "\(what): letterSpacing") else { return false }
            details.letterSpacing = v
        }
        return true
    }

    /// A number key, a number, or null.
    mutating func numberSpec(_ json: LocatedJSON, _ what: String) -> NumberSpec? {
        switch json.value {
        case .null: return NumberSpec.none
        case .string(let key) where KeySyntax.isValidReference(key): return .key(key)
        case .integer, .double: return number(json, what).map(NumberSpec.constant)
        default:
            error(json, "\(what): expected a number key, a number or null")
            return nil
        }
    }

    mutating func parsePadding(_ json: LocatedJSON, _ what: String) -> PaddingLiteral? {
        let forms = ["all", "horizontal", "vertical", "leading", "top", "trailing", "bottom", "edges", "value"]
        guard members(json, what) != nil, onlyMembers(json, forms, what) else { return nil }
        var padding = PaddingLiteral()
        var ok = true
        func spec(_ name: String, _ parser: inout ThemeParser) -> NumberSpec? {
            guard let j = json[name] else { return nil }
            guard let s = parser.numberSpec(j, "\(what): \(name)") else { ok = false; return nil }
            return s
        }
        if let all = spec("all", &self) {
            (padding.leading, padding.top, padding.trailing, padding.bottom) = (all, all, all, all)
        }
        if let h = spec("horizontal", &self) { (padding.leading, padding.trailing) = (h, h) }
        if let v = spec("vertical", &self) { (padding.top, padding.bottom) = (v, v) }
        if let s = spec("leading", &self) { padding.leading = s }
        if let s = spec("top", &self) { padding.top = s }
        if let s = spec("trailing", &self) { padding.trailing = s }
        if let s = spec("bottom", &self) { padding.bottom = s }
        if let edgesJSON = json["edges"] {
            guard let valueJSON = json["value"], let value = numberSpec(valueJSON, "\(what): value") else {
                error(edgesJSON, "\(what): edges needs a value")
                return nil
            }
            guard case .array = edgesJSON.value else {
                error(edgesJSON, "\(what): edges must be an array of leading, top, trailing, bottom")
                return nil
            }
            for edgeJSON in edgesJSON.elements {
                guard let edge: Edge = closed(edgeJSON, what, "edge") else { return nil }
                switch edge {
                case .leading: padding.leading = value
                case .top: padding.top = value
                case .trailing: padding.trailing = value
                case .bottom: padding.bottom = value
                }
            }
        } else if let valueJSON = json["value"] {
            error(valueJSON, "\(what): value goes with edges")
            return nil
        }
        return ok ? padding : nil
    }

    mutating func parseShape(_ json: LocatedJSON, _ what: String) -> ShapeLiteral? {
        if case .string = json.value {
            return (closed(json, what, "shape") as ShapeName?).map(ShapeLiteral.named)
        }
        guard case .object = json.value, onlyMembers(json, ["roundedRectangle"], what),
            let radius = json["roundedRectangle"]
        else {
            error(json, "\(what): a shape is one of \(Self.list(ShapeName.allowed)) or {\"roundedRectangle\": N}")
            return nil
        }
        if radius.value.isNull {
            error(radius, "\(what): roundedRectangle: expected a number key or a number")
            return nil
        }
        return numberSpec(radius, "\(what): roundedRectangle").map(ShapeLiteral.roundedRectangle)
    }

    mutating func parseComposition(_ json: LocatedJSON, _ what: String) -> CompositionLiteral? {
        let layers = ["foreground", "background", "backgroundOverlay", "border", "any"]
        guard members(json, what) != nil, onlyMembers(json, layers, what) else { return nil }
        var keys: [String: String] = [:]
        for name in layers {
            guard let j = json[name], !j.value.isNull else { continue }
            guard let key = j.value.stringValue, KeySyntax.isValidReference(key) else {
                error(j, "\(what): \(name) must be a surface key")
                return nil
            }
            keys[name] = key
        }
        return CompositionLiteral(
            foreground: keys["foreground"], background: keys["background"],
            backgroundOverlay: keys["backgroundOverlay"], border: keys["border"], any: keys["any"])
    }

    mutating func parseAccent(_ json: LocatedJSON, _ what: String) -> AccentLiteral? {
        let names = ["base", "onAccent", "complementary", "contrast", "brightness"]
        guard members(json, what) != nil, onlyMembers(json, names, what) else { return nil }
        for name in names where json[name] == nil {
            error(json, "\(what): an accent needs all of \(names.joined(separator: ", ")); \(name) is missing")
            return nil
        }
        guard let base = parseColor(json["base"]!, "\(what): base", allowAccent: false),
            let onAccent = parseColor(json["onAccent"]!, "\(what): onAccent", allowAccent: false),
            let complementary = parseColor(json["complementary"]!, "\(what): complementary", allowAccent: false),
            let contrast = parseColor(json["contrast"]!, "\(what): contrast", allowAccent: false),
            let brightness: Brightness = closed(json["brightness"]!, what, "brightness")
        else { return nil }
        return AccentLiteral(
            base: base, onAccent: onAccent, complementary: complementary, contrast: contrast, brightness: brightness)
    }

    // MARK: Predicates

    mutating func parsePredicate(_ json: LocatedJSON, _ what: String) -> Predicate {
        guard let tests = members(json, "\(what): if") else { return .always }
        var predicate = Predicate()
        for (name, valueJSON) in tests {
            guard let member = PredicateMember(name: name) else {
                error(
                    valueJSON.node.memberPosition,
                    "\(what): unknown predicate member '\(name)' (expected \(Self.list(PredicateMember.names)))")
                continue
            }
            if let matcher = parseMatcher(valueJSON, member, "\(what): \(name)") {
                predicate.tests.append(Predicate.Test(member: member, matcher: matcher))
            }
        }
        return predicate
    }

    mutating func parseMatcher(_ json: LocatedJSON, _ member: PredicateMember, _ what: String) -> Matcher? {
        switch json.value {
        case .array:
            var options: [Scalar] = []
            for element in json.elements {
                guard let scalar = predicateScalar(element, member, what) else { return nil }
                options.append(scalar)
            }
            return .oneOf(options)
        case .object(let object) where object["not"] != nil:
            guard onlyMembers(json, ["not"], what), enterNesting(json, what) else { return nil }
            defer { nesting -= 1 }
            return parseMatcher(json["not"]!, member, what).map(Matcher.not)
        case .object:
            switch member.valueKind {
            case .number, .integer, .any: break
            default:
                error(json, "\(what): a {min, max} range only applies to numeric members")
                return nil
            }
            guard onlyMembers(json, ["min", "max"], what) else { return nil }
            var bounds: [Double?] = []
            for name in ["min", "max"] {
                guard let j = json[name] else { bounds.append(nil); continue }
                guard let n = number(j, "\(what): \(name)") else { return nil }
                bounds.append(n)
            }
            return .range(min: bounds[0], max: bounds[1])
        default:
            return predicateScalar(json, member, what).map(Matcher.equals)
        }
    }

    mutating func predicateScalar(_ json: LocatedJSON, _ member: PredicateMember, _ what: String) -> Scalar? {
        switch member.valueKind {
        case .closed(let allowed):
            guard let s = json.value.stringValue, allowed.contains(s) else {
                let shown = json.value.stringValue.map { "'\($0)'" } ?? json.value.typeName
                error(json, "\(what): \(shown) is not one of \(Self.list(allowed))")
                return nil
            }
            return .string(s)
        case .identifier, .key:
            guard let s = json.value.stringValue, KeySyntax.isValid(s) else {
                error(json, "\(what): expected an identifier string")
                return nil
            }
            return .string(s)
        case .number:
            guard let n = json.value.doubleValue else {
                error(json, "\(what): expected a number")
                return nil
            }
            return .number(n)
        case .integer:
            guard let n = json.value.intValue else {
                error(json, "\(what): expected an integer")
                return nil
            }
            return .number(Double(n))
        case .any:
            if let s = json.value.stringValue { return .string(s) }
            if let n = json.value.doubleValue { return .number(n) }
            error(json, "\(what): expected a string or a number")
            return nil
        }
    }
}
