import SnapStyleVocabulary
import SnapStyleJSON

extension StyleValue {
    /// Reads a value of `attribute` (when known; otherwise the form tells the attribute apart); nil for `null` or
    /// a form no attribute has.
    public init?(json: JSONValue, attribute: Attribute? = nil) {
        guard case .object(let object) = json else { return nil }
        switch attribute {
        case .surface?: self.init(surface: object)
        case .number?: self.init(number: object)
        case .font?: self.init(font: object)
        case .padding?: self.init(padding: object)
        case .shape?: self.init(shape: object)
        case .icon?:
            guard let name = object["name"]?.stringValue else { return nil }
            self = .icon(name)
        case .composition?: self.init(composition: object)
        case .accent?: self.init(accent: object)
        case .token?:
            guard let type = object["type"]?.stringValue, let value = object["value"] else { return nil }
            self = .token(type: type, value: value)
        case nil:
            if object["kind"] != nil {
                self.init(surface: object)
            } else if object["baseSize"] != nil {
                self.init(font: object)
            } else if object["leading"] != nil {
                self.init(padding: object)
            } else if object["shape"] != nil {
                self.init(shape: object)
            } else if object["foreground"] != nil {
                self.init(composition: object)
            } else if object["brightness"] != nil {
                self.init(accent: object)
            } else if object["type"] != nil {
                self.init(json: json, attribute: .token)
            } else if object["base"] != nil {
                self.init(number: object)
            } else {
                self.init(json: json, attribute: .icon)
            }
        }
    }

    /// The value as `resolve` answers it: the same members, in the same order, as the daemon writes them.
    public var json: JSONValue {
        switch self {
        case .color(let color): return color.json
        case .material(let material): return ["kind": "material", "material": .string(material)]
        case .gradient(let gradient): return gradient.json
        case .number(let number): return number.json
        case .font(let font): return font.json
        case .padding(let edges):
            var object = JSONObject()
            for (name, edge) in zip(Self.paddingEdges, edges) {
                guard let edge else {
                    object.append(name, .null)
                    continue
                }
                var written = JSONObject()
                if let number = edge.number { written.append("value", .number(number)) }
                if let base = edge.base { written.append("base", .number(base)) }
                written.append("key", edge.key.map(JSONValue.string) ?? .null)
                object.append(name, .object(written))
            }
            return .object(object)
        case .shape(let name, let radius, let key):
            guard let radius else { return ["shape": .string(name)] }
            return [
                "shape": .string(name), "cornerRadius": .number(radius),
                "radiusKey": key.map(JSONValue.string) ?? .null,
            ]
        case .icon(let name): return ["name": .string(name)]
        case .composition(let layers):
            var object = JSONObject()
            for (name, layer) in zip(Self.compositionLayers, layers) {
                object.append(
                    name,
                    layer.map { ["key": $0.key.map(JSONValue.string) ?? .null, "value": $0.value?.json ?? .null] }
                        ?? .null)
            }
            return .object(object)
        case .accent(let colors, let brightness):
            var object = JSONObject()
            for (name, color) in zip(Self.accentVariants, colors) { object.append(name, color?.json ?? .null) }
            object.append("brightness", .string(brightness))
            return .object(object)
        case .token(let type, let value): return ["type": .string(type), "value": value]
        }
    }

    static func color(_ json: JSONValue?) -> Color? {
        guard let hex = json?["hex"]?.stringValue else { return nil }
        return Color(hex: hex, rgba: json?["rgba"]?.arrayValue?.compactMap(\.doubleValue) ?? [])
    }

    init?(surface object: JSONObject) {
        switch object["kind"]?.stringValue {
        case "color":
            guard let color = Self.color(.object(object)) else { return nil }
            self = .color(color)
        case "material":
            guard let material = object["material"]?.stringValue else { return nil }
            self = .material(material)
        case "gradient":
            func point(_ json: JSONValue?) -> Gradient.Point? {
                if let name = json?.stringValue { return .named(name) }
                guard let pair = json?.arrayValue?.compactMap(\.doubleValue), pair.count == 2 else { return nil }
                return .point(pair[0], pair[1])
            }
            self = .gradient(
                Gradient(
                    kind: object["gradient"]?.stringValue ?? "linear",
                    colors: (object["colors"]?.arrayValue ?? []).compactMap { Self.color($0) },
                    startPoint: point(object["startPoint"]), endPoint: point(object["endPoint"]),
                    locations: object["locations"]?.arrayValue?.compactMap(\.doubleValue),
                    width: object["width"]?.intValue.map(Int64.init),
                    height: object["height"]?.intValue.map(Int64.init),
                    points: object["points"]?.arrayValue?.map { $0.arrayValue?.compactMap(\.doubleValue) ?? [] }))
        default: return nil
        }
    }

    init?(number object: JSONObject) {
        guard let value = object["value"]?.doubleValue, let base = object["base"]?.doubleValue else { return nil }
        var dimension: Dimension?
        if let written = object["dimension"], let amount = written["value"]?.doubleValue,
            let unit = written["unit"]?.stringValue
        {
            dimension = Dimension(value: amount, unit: unit)
        }
        self = .number(Number(value: value, base: base, dimension: dimension))
    }

    init?(font object: JSONObject) {
        guard let size = object["size"]?.doubleValue, let baseSize = object["baseSize"]?.doubleValue else { return nil }
        self = .font(
            Font(
                size: size, baseSize: baseSize, weight: object["weight"]?.stringValue ?? "regular",
                width: object["width"]?.stringValue ?? "standard", design: object["design"]?.stringValue ?? "default",
                textStyle: object["textStyle"]?.stringValue ?? "body", family: object["family"]?.stringValue,
                families: object["families"]?.arrayValue?.compactMap(\.stringValue),
                weightValue: object["weightValue"]?.doubleValue, lineHeight: object["lineHeight"]?.doubleValue,
                letterSpacing: object["letterSpacing"]?.doubleValue,
                letterSpacingEm: object["letterSpacingEm"]?.doubleValue, style: object["fontStyle"]?.stringValue,
                textCase: object["textCase"]?.stringValue, textDecoration: object["textDecoration"]?.stringValue,
                paragraphSpacing: object["paragraphSpacing"]?.doubleValue))
    }

    init?(padding object: JSONObject) {
        self = .padding(
            Self.paddingEdges.map { edge in
                guard let entry = object[edge], case .object = entry else { return nil }
                return Keyed(
                    key: entry["key"]?.stringValue, number: entry["value"]?.doubleValue,
                    base: entry["base"]?.doubleValue)
            })
    }

    init?(shape object: JSONObject) {
        guard let name = object["shape"]?.stringValue else { return nil }
        self = .shape(
            name: name, cornerRadius: object["cornerRadius"]?.doubleValue, radiusKey: object["radiusKey"]?.stringValue)
    }

    init?(composition object: JSONObject) {
        self = .composition(
            Self.compositionLayers.map { layer in
                guard let entry = object[layer], case .object = entry else { return nil }
                let value = entry["value"].flatMap { StyleValue(json: $0, attribute: .surface) }
                return Keyed(key: entry["key"]?.stringValue, value: value)
            })
    }

    init?(accent object: JSONObject) {
        guard let brightness = object["brightness"]?.stringValue else { return nil }
        self = .accent(colors: Self.accentVariants.map { Self.color(object[$0]) }, brightness: brightness)
    }
}

extension StyleValue.Color {
    /// `{"kind": "color", "hex", "rgba"}`.
    public var json: JSONValue {
        ["kind": "color", "hex": .string(hex), "rgba": .array(rgba.map(JSONValue.number))]
    }
}

extension StyleValue.Gradient.Point {
    /// A name as a string, a point as `[x, y]`.
    public var json: JSONValue {
        switch self {
        case .named(let name): .string(name)
        case .point(let x, let y): .array([.number(x), .number(y)])
        }
    }
}

extension StyleValue.Gradient {
    var json: JSONValue {
        var object: JSONObject = ["kind": "gradient", "gradient": .string(kind)]
        if let width { object.append("width", .integer(width)) }
        if let height { object.append("height", .integer(height)) }
        if let points { object.append("points", .array(points.map { .array($0.map(JSONValue.number)) })) }
        if let startPoint { object.append("startPoint", startPoint.json) }
        if let endPoint { object.append("endPoint", endPoint.json) }
        object.append("colors", .array(colors.map(\.json)))
        if let locations { object.append("locations", .array(locations.map(JSONValue.number))) }
        return .object(object)
    }
}

extension StyleValue.Number {
    var json: JSONValue {
        var object: JSONObject = ["value": .number(value), "base": .number(base)]
        if let dimension { object.append("dimension", dimension.json) }
        return .object(object)
    }
}

extension StyleValue.Dimension {
    /// `{"value", "unit"}`.
    public var json: JSONValue { ["value": .number(value), "unit": .string(unit)] }
}

extension StyleValue.Font {
    var json: JSONValue {
        var object: JSONObject = [
            "size": .number(size), "baseSize": .number(baseSize), "weight": .string(weight), "width": .string(width),
            "design": .string(design), "textStyle": .string(textStyle),
        ]
        if let family { object.append("family", .string(family)) }
        if let families { object.append("families", .array(families.map(JSONValue.string))) }
        if let weightValue { object.append("weightValue", .number(weightValue)) }
        if let lineHeight { object.append("lineHeight", .number(lineHeight)) }
        if let letterSpacing { object.append("letterSpacing", .number(letterSpacing)) }
        if let letterSpacingEm { object.append("letterSpacingEm", .number(letterSpacingEm)) }
        if let style { object.append("fontStyle", .string(style)) }
        if let textCase { object.append("textCase", .string(textCase)) }
        if let textDecoration { object.append("textDecoration", .string(textDecoration)) }
        if let paragraphSpacing { object.append("paragraphSpacing", .number(paragraphSpacing)) }
        return .object(object)
    }
}
