import SnapStyleValues
import SnapStyleVocabulary
import SnapStyleJSON
import SnapStyleProtocol

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
        return JSONText.encode(.object(document), layout: .janssonIndented) + "\n"
    }

    static func split(_ key: String) -> [String] { key.split(separator: ".").map(String.init) }

    /// A key as a token (`{"$type", "$value", ...}`); nil for values DTCG has no type for.
    static func dtcgToken(attribute: String, _ entry: ExportedValue, _ scales: NativeScaling) -> JSONObject? {
        let value = entry.value
        var hints = SnapStyleHints()
        if !entry.isImported { hints.key = entry.key }
        var token = JSONObject()
        switch (attribute, value) {
        case ("surface", .color(let color)):
            guard let color = dtcgColor(color) else { return nil }
            token = ["$type": "color", "$value": color]
        case ("surface", .gradient(let gradient)) where gradient.kind == "linear":
            let colors = gradient.colors.compactMap(dtcgColor)
            guard !colors.isEmpty else { return nil }
            let positions = gradient.locations ?? GradientPoint.evenLocations(colors.count)
            token = [
                "$type": "gradient",
                "$value": .array(zip(colors, positions).map { .object(["color": $0, "position": .number($1)]) }),
            ]
            if gradient.locations == nil { hints.implicit.insert("position") }
            if gradient.startPoint != .named("top") { hints.startPoint = gradient.startPoint.map(gradientPoint) }
            if gradient.endPoint != .named("bottom") { hints.endPoint = gradient.endPoint.map(gradientPoint) }
        case ("number", .number(let number)):
            let (base, scaled) = (number.base, number.value)
            if entry.type == "number" {
                token = ["$type": "number", "$value": .number(base)]
            } else if entry.isImported, let dimension = number.dimension {
                token = ["$type": "dimension", "$value": dimension.json]
                if dimension.unit == "rem", dimension.value != 0, base / dimension.value != 16 {
                    hints.remBase = base / dimension.value
                }
            } else {
                token = ["$type": "dimension", "$value": .object(["value": .number(base), "unit": "px"])]
            }
            if !entry.isImported { hints.scaled = scaled != base || !scales.numbers || base == 0 }
        case ("font", .font(let font)):
            token = [
                "$type": "typography", "$value": .object(typography(font, native: !entry.isImported, &hints, scales)),
            ]
        case ("token", .token(let type, let tokenValue)):
            token = ["$type": .string(type), "$value": tokenValue]
        default:
            return nil
        }
        if let description = entry.description { token["$description"] = .string(description) }
        if let deprecated = entry.deprecated { token["$deprecated"] = deprecated }
        if let extensions = hints.extensions { token["$extensions"] = extensions }
        return token
    }

    /// A gradient's point as the hints write it.
    static func gradientPoint(_ point: StyleValue.Gradient.Point) -> GradientPoint {
        switch point {
        case .named(let name): .named(name)
        case .point(let x, let y): .point(x, y)
        }
    }

    static func typography(
        _ font: StyleValue.Font, native: Bool, _ hints: inout SnapStyleHints, _ scales: NativeScaling
    ) -> JSONObject {
        let (size, resolvedSize) = (font.baseSize, font.size)
        let design = FontDesign(rawValue: font.design) ?? .default
        var object = JSONObject()
        if let families = font.families {
            object["fontFamily"] = .array(families.map(JSONValue.string))
        } else if native {
            object["fontFamily"] = .array(design.genericFamilies.map(JSONValue.string))
            hints.implicit.insert("fontFamily")
        }
        object["fontSize"] = .object(["value": .number(size), "unit": "px"])
        if let weight = font.weightValue {
            object["fontWeight"] = .number(weight)
        } else if native, let weight = FontWeight(rawValue: font.weight) {
            object["fontWeight"] = .number(weight.value)
        }
        if let lineHeight = font.lineHeight {
            object["lineHeight"] = .number(lineHeight)
        } else if native {
            object["lineHeight"] = .number(FontStandIn.lineHeight)
            hints.implicit.insert("lineHeight")
        }
        if let em = font.letterSpacingEm {
            object["letterSpacing"] = .object(["value": .number(em), "unit": "em"])
        } else if let spacing = font.letterSpacing {
            object["letterSpacing"] = .object(["value": .number(spacing), "unit": "px"])
        } else if native {
            object["letterSpacing"] = .object(["value": .number(FontStandIn.letterSpacing), "unit": "px"])
            hints.implicit.insert("letterSpacing")
        }
        guard native else { return object }
        hints.textStyle = TextStyle(rawValue: font.textStyle)
        hints.weight = FontWeight(rawValue: font.weight)
        hints.width = FontWidth(rawValue: font.width)
        hints.design = FontDesign(rawValue: font.design)
        hints.scaled = resolvedSize != size || !scales.fonts
        return object
    }

    /// A color as DTCG writes it (sRGB, with `hex`), from the rounded components and the hex digits `resolve`
    /// answers: each component is the rounded one when its byte is the hex digits' byte, else one inside both
    /// intervals, so that importing it answers both again.
    static func dtcgColor(_ color: StyleValue.Color) -> JSONValue? {
        let (hex, rgba) = (color.hex, color.rgba)
        guard rgba.count == 4, let bytes = RGBA(hex: hex) else { return nil }
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
    static func nativeLiteral(attribute: String, _ value: StyleValue) -> JSONValue? {
        switch (attribute, value) {
        case ("surface", .material(let material)): return .object(["material": .string(material)])
        case ("surface", .gradient(let gradient)) where gradient.kind == "mesh":
            return .object([
                "meshGradient": .object([
                    "width": gradient.width.map(JSONValue.integer) ?? .null,
                    "height": gradient.height.map(JSONValue.integer) ?? .null,
                    "points": gradient.points.map { .array($0.map { .array($0.map(JSONValue.number)) }) } ?? .null,
                    "colors": .array(gradient.colors.compactMap(dtcgColor).map(srgbOnly)),
                ])
            ])
        case ("padding", .padding(let edges)):
            var object = JSONObject()
            for (name, edge) in zip(StyleValue.paddingEdges, edges) {
                object[name] = edge.flatMap { $0.key.map(JSONValue.string) ?? $0.base.map(JSONValue.number) } ?? .null
            }
            return .object(object)
        case ("shape", .shape(let shape, let radius, let radiusKey)):
            guard shape == "roundedRectangle" else { return .string(shape) }
            return .object([
                "roundedRectangle": radiusKey.map(JSONValue.string) ?? radius.map(JSONValue.number) ?? .null
            ])
        case ("icon", .icon(let name)):
            return .string(name)
        case ("composition", .composition(let layers)):
            var object = JSONObject()
            for (name, layer) in zip(StyleValue.compositionLayers, layers) {
                if let key = layer?.key { object[name] = .string(key) }
            }
            return .object(object)
        case ("accent", .accent(let colors, let brightness)):
            var object = JSONObject()
            for (member, color) in zip(StyleValue.accentVariants, colors) {
                guard let color = color.flatMap(dtcgColor) else { return nil }
                object[member] = srgbOnly(color)
            }
            object["brightness"] = .string(brightness)
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
                let (scaled, base): (Double?, Double?) =
                    switch entry.value {
                    case .number(let number): (number.value, number.base)
                    case .font(let font): (font.size, font.baseSize)
                    default: (nil, nil)
                    }
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
