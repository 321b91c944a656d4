import SnapStyleEngine
import SnapStyleJSON

extension ThemeParser {
    mutating func parseLiteral(_ json: LocatedJSON, _ attribute: Attribute, _ what: String) -> Literal? {
        switch attribute {
        case .surface: return parseSurface(json, what).map(Literal.surface)
        case .number: return parseNumber(json, what).map(Literal.number)
        case .font: return parseFont(json, what).map(Literal.font)
        case .padding: return parsePadding(json, what).map(Literal.padding)
        case .shape: return parseShape(json, what).map(Literal.shape)
        case .icon:
            guard let name = json.value.stringValue, !name.isEmpty else {
                error(json, "\(what): an icon is a symbol name string, not \(json.value.typeName)")
                return nil
            }
            return .icon(name)
        case .composition: return parseComposition(json, what).map(Literal.composition)
        case .accent: return parseAccent(json, what).map(Literal.accent)
        case .token:
            guard case .object = json.value, onlyMembers(json, ["type", "value"], what),
                let type = json["type"]?.value.stringValue, let value = json["value"]
            else {
                error(json, "\(what): a token is {\"type\": DTCG_TYPE, \"value\": VALUE}")
                return nil
            }
            return .imported(ImportedLiteral(type: type, value: .json(value.value)))
        }
    }

    mutating func closed<T: ClosedSet>(_ json: LocatedJSON, _ what: String, _ name: String) -> T? {
        guard let text = json.value.stringValue, let value = T(rawValue: text) else {
            let shown = json.value.stringValue.map { "'\($0)'" } ?? json.value.typeName
            error(json, "\(what): \(name) \(shown) is not one of \(Self.list(T.allowed))")
            return nil
        }
        return value
    }

    mutating func number(_ json: LocatedJSON, _ what: String) -> Double? {
        guard let value = json.value.doubleValue, value.isFinite else {
            error(json, "\(what): expected a number, not \(json.value.typeName)")
            return nil
        }
        return value
    }

    mutating func unitNumber(_ json: LocatedJSON, _ what: String) -> Double? {
        guard let value = number(json, what) else { return nil }
        guard (0...1).contains(value) else {
            error(json, "\(what): \(value) is outside 0...1")
            return nil
        }
        return value
    }

    // MARK: Surfaces

    static let colorForms = "\"#RRGGBB\", {\"rgb\"}, {\"white\"}, {\"colorSpace\"}, {\"ref\"} or {\"accent\"}"

    /// A `Color` of docs/theme-format.md: a color literal, a surface reference, or (if allowed) an accent literal.
    mutating func parseColor(_ json: LocatedJSON, _ what: String, allowAccent: Bool = true) -> ColorSpec? {
        if case .object(let object) = json.value {
            if object["ref"] != nil {
                guard onlyMembers(json, ["ref"], what), let key = json["ref"]!.value.stringValue,
                    KeySyntax.isValidReference(key)
                else {
                    error(json, "\(what): ref must be a surface key")
                    return nil
                }
                return .ref(key)
            }
            if object["accent"] != nil {
                guard allowAccent else {
                    error(json, "\(what): an accent's colors cannot be accent literals")
                    return nil
                }
                return parseAccentReference(json, what)
            }
        }
        return parseRGBA(json, what).map(ColorSpec.rgba)
    }

    mutating func parseAccentReference(_ json: LocatedJSON, _ what: String) -> ColorSpec? {
        guard onlyMembers(json, ["accent", "key"], what),
            let variant: AccentVariant = closed(json["accent"]!, what, "accent variant")
        else { return nil }
        var key: String?
        if let keyJSON = json["key"] {
            guard let name = keyJSON.value.stringValue, KeySyntax.isValid(name) else {
                error(keyJSON, "\(what): key must be an accent key")
                return nil
            }
            key = name
        }
        return .accent(variant, key: key)
    }

    mutating func parseRGBA(_ json: LocatedJSON, _ what: String) -> RGBA? {
        switch json.value {
        case .string(let text):
            guard let color = RGBA(hex: text) else {
                error(json, "\(what): '\(text)' is not a color (expected #RGB, #RRGGBB or #RRGGBBAA)")
                return nil
            }
            return color
        case .object(let object):
            var alpha = 1.0
            if let a = json["alpha"] {
                guard let value = unitNumber(a, "\(what): alpha") else { return nil }
                alpha = value
            }
            if object["rgb"] != nil {
                guard onlyMembers(json, ["rgb", "alpha"], what), let parts = components(json["rgb"]!, what, 3)
                else { return nil }
                return RGBA(r: parts[0], g: parts[1], b: parts[2], a: alpha)
            }
            if object["white"] != nil {
                guard onlyMembers(json, ["white", "alpha"], what), let w = unitNumber(json["white"]!, "\(what): white")
                else { return nil }
                return RGBA(r: w, g: w, b: w, a: alpha)
            }
            if object["colorSpace"] != nil {
                guard onlyMembers(json, ["colorSpace", "components", "alpha", "hex"], what) else { return nil }
                guard json["colorSpace"]!.value.stringValue == "srgb" else {
                    error(json["colorSpace"]!, "\(what): colorSpace must be \"srgb\" in this version")
                    return nil
                }
                guard let parts = json["components"].flatMap({ components($0, what, 3) }) else {
                    if json["components"] == nil { error(json, "\(what): a DTCG color needs components") }
                    return nil
                }
                return RGBA(r: parts[0], g: parts[1], b: parts[2], a: alpha)
            }
            error(json, "\(what): not a color (expected \(Self.colorForms))")
            return nil
        default:
            error(json, "\(what): expected a color (\(Self.colorForms)), not \(json.value.typeName)")
            return nil
        }
    }

    mutating func components(_ json: LocatedJSON, _ what: String, _ count: Int) -> [Double]? {
        guard case .array(let values) = json.value, values.count == count else {
            error(json, "\(what): expected an array of \(count) numbers in 0...1")
            return nil
        }
        var result: [Double] = []
        for element in json.elements {
            guard let v = unitNumber(element, what) else { return nil }
            result.append(v)
        }
        return result
    }

    mutating func parseSurface(_ json: LocatedJSON, _ what: String) -> SurfaceLiteral? {
        guard case .object(let object) = json.value else {
            return parseRGBA(json, what).map { .color(.rgba($0)) }
        }
        if object["material"] != nil {
            guard onlyMembers(json, ["material"], what) else { return nil }
            return (closed(json["material"]!, what, "material") as Material?).map(SurfaceLiteral.material)
        }
        if object["accent"] != nil {
            return parseAccentReference(json, what).map(SurfaceLiteral.color)
        }
        if let gradient = json["linearGradient"] {
            guard onlyMembers(json, ["linearGradient"], what), members(gradient, "\(what): linearGradient") != nil,
                onlyMembers(gradient, ["colors", "startPoint", "endPoint"], "\(what): linearGradient"),
                let colors = gradientColors(gradient, what),
                let start = gradientPoint(gradient["startPoint"], gradient, what, "startPoint"),
                let end = gradientPoint(gradient["endPoint"], gradient, what, "endPoint")
            else { return nil }
            return .linearGradient(colors: colors, start: start, end: end)
        }
        if let gradient = json["meshGradient"] {
            let inner = "\(what): meshGradient"
            let reported = errors.count
            guard onlyMembers(json, ["meshGradient"], what), members(gradient, inner) != nil,
                onlyMembers(gradient, ["width", "height", "points", "colors"], inner),
                let width = gradient["width"]?.value.intValue, (1...Limits.meshSide).contains(width),
                let height = gradient["height"]?.value.intValue, (1...Limits.meshSide).contains(height)
            else {
                if errors.count == reported {
                    error(
                        gradient,
                        "\(inner): width and height must be integers from 1 to \(Limits.meshSide)")
                }
                return nil
            }
            guard let colors = gradientColors(gradient, what) else { return nil }
            var points: [[Double]] = []
            for point in gradient["points"]?.elements ?? [] {
                guard case .array(let xy) = point.value, xy.count == 2, let x = xy[0].doubleValue,
                    let y = xy[1].doubleValue
                else {
                    error(point, "\(inner): a point is [x, y]")
                    return nil
                }
                points.append([x, y])
            }
            guard points.count == width * height, colors.count == width * height else {
                error(
                    gradient,
                    "\(inner): needs width × height = \(width * height) points and colors, "
                        + "got \(points.count) points and \(colors.count) colors")
                return nil
            }
            return .meshGradient(width: width, height: height, points: points, colors: colors)
        }
        return parseRGBA(json, what).map { .color(.rgba($0)) }
    }

    mutating func gradientColors(_ gradient: LocatedJSON, _ what: String) -> [ColorSpec]? {
        guard let colorsJSON = gradient["colors"], case .array(let list) = colorsJSON.value, !list.isEmpty else {
            error(gradient, "\(what): a gradient needs a non-empty colors array")
            return nil
        }
        var colors: [ColorSpec] = []
        for element in colorsJSON.elements {
            guard let color = parseColor(element, "\(what): gradient color") else { return nil }
            colors.append(color)
        }
        return colors
    }

    static let pointNames = [
        "zero", "top", "bottom", "leading", "trailing", "center", "topLeading", "topTrailing", "bottomLeading",
        "bottomTrailing",
    ]

    mutating func gradientPoint(_ json: LocatedJSON?, _ parent: LocatedJSON, _ what: String, _ name: String)
        -> GradientPoint?
    {
        guard let json else {
            error(parent, "\(what): linearGradient needs \(name)")
            return nil
        }
        switch json.value {
        case .string(let s) where Self.pointNames.contains(s): return .named(s)
        case .array(let xy) where xy.count == 2 && xy.allSatisfy({ $0.doubleValue != nil }):
            return .point(xy[0].doubleValue!, xy[1].doubleValue!)
        default:
            error(json, "\(what): \(name) must be one of \(Self.list(Self.pointNames)) or [x, y]")
            return nil
        }
    }

    mutating func parseAdjustments(_ json: LocatedJSON, _ what: String) -> [Adjustment] {
        guard case .array = json.value else {
            error(json, "\(what): adjust must be an array")
            return []
        }
        var adjustments: [Adjustment] = []
        for element in json.elements {
            if let opacity = element["opacity"] {
                guard onlyMembers(element, ["opacity"], "\(what): adjustment"),
                    let x = number(opacity, "\(what): opacity")
                else { continue }
                adjustments.append(.opacity(x))
            } else if let mix = element["mix"] {
                let inner = "\(what): mix"
                guard onlyMembers(element, ["mix"], "\(what): adjustment"), members(mix, inner) != nil,
                    onlyMembers(mix, ["with", "amount", "space"], inner)
                else { continue }
                guard let withJSON = mix["with"], let amountJSON = mix["amount"] else {
                    error(mix, "\(inner): needs with and amount")
                    continue
                }
                guard let with = parseColor(withJSON, inner), let amount = unitNumber(amountJSON, "\(inner): amount")
                else { continue }
                var space = MixSpace.perceptual
                if let spaceJSON = mix["space"] {
                    guard let value: MixSpace = closed(spaceJSON, inner, "space") else { continue }
                    space = value
                }
                adjustments.append(.mix(with: with, amount: amount, space: space))
            } else {
                error(element, "\(what): an adjustment is {\"opacity\": x} or {\"mix\": {...}}")
            }
        }
        return adjustments
    }
}
