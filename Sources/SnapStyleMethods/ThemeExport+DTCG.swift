import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleJansson

extension ThemeExport {
    /// The extension that carries what DTCG has no member for.
    static let extensionName = SnapStyleHints.extensionName

    /// A DTCG 2025.10 token document of one context's values (docs/dtcg.md, Export).
    ///
    /// Imported keys are tokens at their own path. Native surfaces, numbers and fonts are tokens under a group
    /// named after their attribute (`surface.accent`), with the key in `$extensions."org.snapstyle".key`, and the
    /// native facts DTCG cannot say (a font's text style, weight name, width and design, whether Dynamic Type
    /// scales it, a gradient's direction) beside it. Materials, mesh gradients, paddings, shapes, icons,
    /// compositions and accents go to the document's own `$extensions."org.snapstyle"`, in the native theme
    /// format. Importing the document gives back the same values in that context.
    public static func dtcg(_ theme: ResolvedTheme) -> String {
        var tree = TokenTree()
        var native = JSONObject()
        let scales = NativeScaling(theme)
        // Imported tokens first: their paths are theirs; a native key yields when a path is taken.
        for imported in [true, false] {
            for (attribute, entries) in theme.values {
                for entry in entries where entry.isImported == imported {
                    if let token = dtcgToken(attribute: attribute, entry, scales) {
                        let path = imported ? split(entry.key) : [attribute] + split(entry.key)
                        if !tree.insert(token, at: path) { tree.insert(token, at: ["snapstyle"] + path) }
                    } else if !imported, let literal = nativeLiteral(attribute: attribute, entry.value) {
                        var section = native[attribute]?.objectValue ?? [:]
                        section[entry.key] = literal
                        native[attribute] = .object(section)
                    }
                }
            }
        }
        var document = tree.json
        if !native.isEmpty { document["$extensions"] = .object([extensionName: .object(native)]) }
        return Jansson.encode(.object(document), pretty: true) + "\n"
    }

    static func split(_ key: String) -> [String] { key.split(separator: ".").map(String.init) }

    /// A key as a token (`{"$type", "$value", ...}`); nil for values DTCG has no type for.
    static func dtcgToken(attribute: String, _ entry: ExportedValue, _ scales: NativeScaling) -> JSONObject? {
        let value = entry.value
        var hints = SnapStyleHints()
        if !entry.isImported { hints.key = entry.key }
        var token = JSONObject()
        switch attribute {
        case "surface":
            switch value["kind"]?.stringValue {
            case "color":
                guard let color = dtcgColor(value) else { return nil }
                token = ["$type": "color", "$value": color]
            case "gradient" where value["gradient"] == "linear":
                let colors = (value["colors"]?.arrayValue ?? []).compactMap(dtcgColor)
                guard !colors.isEmpty else { return nil }
                let locations = value["locations"]?.arrayValue?.compactMap(\.doubleValue)
                let positions = locations ?? SurfaceLiteral.evenLocations(colors.count)
                token = [
                    "$type": "gradient",
                    "$value": .array(zip(colors, positions).map { .object(["color": $0, "position": .number($1)]) }),
                ]
                if locations == nil { hints.implicit.insert("position") }
                if value["startPoint"] != "top" { hints.startPoint = value["startPoint"].flatMap(SnapStyleHints.point) }
                if value["endPoint"] != "bottom" { hints.endPoint = value["endPoint"].flatMap(SnapStyleHints.point) }
            default:
                return nil
            }
        case "number":
            guard let base = value["base"]?.doubleValue, let scaled = value["value"]?.doubleValue else { return nil }
            if entry.type == "number" {
                token = ["$type": "number", "$value": .number(base)]
            } else if entry.isImported, let dimension = value["dimension"], let amount = dimension["value"]?.doubleValue
            {
                token = ["$type": "dimension", "$value": dimension]
                if dimension["unit"] == "rem", amount != 0, base / amount != 16 {
                    hints.remBase = base / amount
                }
            } else {
                token = ["$type": "dimension", "$value": .object(["value": .number(base), "unit": "px"])]
            }
            if !entry.isImported { hints.scaled = scaled != base || !scales.numbers || base == 0 }
        case "font":
            guard let typography = typography(value, native: !entry.isImported, &hints, scales) else { return nil }
            token = ["$type": "typography", "$value": .object(typography)]
        case "token":
            guard let type = value["type"]?.stringValue, let tokenValue = value["value"] else { return nil }
            token = ["$type": .string(type), "$value": tokenValue]
        default:
            return nil
        }
        if let description = entry.description { token["$description"] = .string(description) }
        if let deprecated = entry.deprecated { token["$deprecated"] = deprecated }
        if let extensions = hints.extensions { token["$extensions"] = extensions }
        return token
    }

    static func typography(
        _ value: JSONValue, native: Bool, _ hints: inout SnapStyleHints, _ scales: NativeScaling
    ) -> JSONObject? {
        guard let size = value["baseSize"]?.doubleValue, let resolvedSize = value["size"]?.doubleValue else {
            return nil
        }
        let design = value["design"]?.stringValue.flatMap(FontDesign.init(rawValue:)) ?? .default
        let standIn = FontDetails.standIn(for: design)
        var object = JSONObject()
        if let families = value["families"] {
            object["fontFamily"] = families
        } else if native {
            object["fontFamily"] = .array(standIn.families!.map(JSONValue.string))
            hints.implicit.insert("fontFamily")
        }
        object["fontSize"] = .object(["value": .number(size), "unit": "px"])
        if let weight = value["weightValue"] {
            object["fontWeight"] = weight
        } else if native, let name = value["weight"]?.stringValue, let weight = FontWeight(rawValue: name) {
            object["fontWeight"] = .number(weight.value)
        }
        if let lineHeight = value["lineHeight"] {
            object["lineHeight"] = lineHeight
        } else if native {
            object["lineHeight"] = .number(standIn.lineHeight!)
            hints.implicit.insert("lineHeight")
        }
        if let em = value["letterSpacingEm"]?.doubleValue {
            object["letterSpacing"] = .object(["value": .number(em), "unit": "em"])
        } else if let spacing = value["letterSpacing"]?.doubleValue {
            object["letterSpacing"] = .object(["value": .number(spacing), "unit": "px"])
        } else if native {
            object["letterSpacing"] = .object(["value": .number(standIn.letterSpacing!), "unit": "px"])
            hints.implicit.insert("letterSpacing")
        }
        guard native else { return object }
        hints.textStyle = value["textStyle"]?.stringValue.flatMap(TextStyle.init(rawValue:))
        hints.weight = value["weight"]?.stringValue.flatMap(FontWeight.init(rawValue:))
        hints.width = value["width"]?.stringValue.flatMap(FontWidth.init(rawValue:))
        hints.design = value["design"]?.stringValue.flatMap(FontDesign.init(rawValue:))
        hints.scaled = resolvedSize != size || !scales.fonts
        return object
    }

    /// A color as DTCG writes it (sRGB, with `hex`), from the rounded components and the hex digits `resolve`
    /// answers: each component is the rounded one when its byte is the hex digits' byte, else one inside both
    /// intervals, so that importing it answers both again.
    static func dtcgColor(_ value: JSONValue) -> JSONValue? {
        guard let hex = value["hex"]?.stringValue, let rgba = value["rgba"]?.arrayValue?.compactMap(\.doubleValue),
            rgba.count == 4, let bytes = RGBA(hex: hex)
        else { return nil }
        let exact = [bytes.r, bytes.g, bytes.b, bytes.a]
        let components = zip(rgba, exact).map { rounded, byte in
            if abs(rounded - byte) < 0.49 / 255 { return rounded }
            let low = max(rounded - 0.00005, byte - 0.5 / 255, 0)
            let high = min(rounded + 0.00005, byte + 0.5 / 255, 1)
            return low <= high ? (low + high) / 2 : rounded
        }
        return .object([
            "colorSpace": "srgb", "components": .array(components.prefix(3).map(JSONValue.number)),
            "alpha": .number(components[3]), "hex": .string(String(hex.lowercased().prefix(7))),
        ])
    }

    /// A value DTCG has no type for, in the native theme format.
    static func nativeLiteral(attribute: String, _ value: JSONValue) -> JSONValue? {
        switch attribute {
        case "surface":
            if value["kind"] == "material" { return value["material"].map { .object(["material": $0]) } }
            guard value["gradient"] == "mesh", let colors = value["colors"]?.arrayValue else { return nil }
            return .object([
                "meshGradient": .object([
                    "width": value["width"] ?? .null, "height": value["height"] ?? .null,
                    "points": value["points"] ?? .null, "colors": .array(colors.compactMap(dtcgColor).map(srgbOnly)),
                ])
            ])
        case "padding":
            var object = JSONObject()
            for edge in ["leading", "top", "trailing", "bottom"] {
                object[edge] =
                    value[edge].flatMap { $0["key"]?.stringValue.map(JSONValue.string) ?? $0["base"] }
                    ?? .null
            }
            return .object(object)
        case "shape":
            guard let shape = value["shape"]?.stringValue else { return nil }
            guard shape == "roundedRectangle" else { return .string(shape) }
            return .object([
                "roundedRectangle": value["radiusKey"].flatMap(\.stringValue).map(JSONValue.string)
                    ?? value["cornerRadius"] ?? .null
            ])
        case "icon":
            return value["name"]
        case "composition":
            var object = JSONObject()
            for layer in ["foreground", "background", "backgroundOverlay", "border"] {
                if let key = value[layer]?["key"]?.stringValue { object[layer] = .string(key) }
            }
            return .object(object)
        case "accent":
            var object = JSONObject()
            for member in ["base", "onAccent", "complementary", "contrast"] {
                guard let color = value[member].flatMap(dtcgColor) else { return nil }
                object[member] = srgbOnly(color)
            }
            object["brightness"] = value["brightness"]
            return .object(object)
        default:
            return nil
        }
    }

    /// A DTCG color without its `hex` (the native format reads the components).
    static func srgbOnly(_ color: JSONValue) -> JSONValue {
        guard var object = color.objectValue else { return color }
        object["hex"] = nil
        return .object(object)
    }
}

/// Whether the exported context scales native numbers and fonts (a value differs from its base somewhere): then
/// a native value that equals its base is one Dynamic Type does not scale.
struct NativeScaling {
    var numbers = false
    var fonts = false

    init(_ theme: ResolvedTheme) {
        for (attribute, entries) in theme.values where attribute == "number" || attribute == "font" {
            for entry in entries where !entry.isImported {
                let (scaled, base) =
                    attribute == "number"
                    ? (entry.value["value"], entry.value["base"])
                    : (entry.value["size"], entry.value["baseSize"])
                if scaled != base {
                    if attribute == "number" { numbers = true } else { fonts = true }
                }
            }
        }
    }
}

/// Tokens placed by path: a token where a group is already becomes the group's `$root`, and the other way round.
struct TokenTree {
    final class Node {
        var token: JSONObject?
        var children: [(name: String, node: Node)] = []

        func child(_ name: String) -> Node {
            if let found = children.first(where: { $0.name == name }) { return found.node }
            let node = Node()
            children.append((name, node))
            return node
        }

        var json: JSONObject {
            guard !children.isEmpty else { return token ?? [:] }
            var object = JSONObject()
            if let token { object["$root"] = .object(token) }
            for (name, node) in children { object[name] = .object(node.json) }
            return object
        }
    }

    let root = Node()

    /// Places a token; false when the path already holds one.
    @discardableResult
    mutating func insert(_ token: JSONObject, at path: [String]) -> Bool {
        guard !path.isEmpty else { return false }
        var node = root
        for name in path { node = node.child(name) }
        guard node.token == nil else { return false }
        node.token = token
        return true
    }

    var json: JSONObject { root.json }
}
