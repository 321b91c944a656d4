import SnapStyleJSON

/// A request whose response type is known: a value describes what to ask, a connection performs it.
public protocol SnapStyleRequest: Sendable {
    associatedtype Response: Sendable
    static var method: String { get }
    var params: JSONObject { get }
    func decode(_ result: JSONValue) throws -> Response
}

/// A resolved font.
public struct Font: Sendable, Equatable {
    public var size: Double
    public var baseSize: Double
    public var weight: String
    public var width: String
    public var design: String
    public var textStyle: String
}

/// A resolved color (`kind: color`); materials and gradients come as `JSONValue` through `Resolve`.
public struct Color: Sendable, Equatable {
    public var hex: String
    public var rgba: [Double]
}

/// A resolved number: its scaled value and unscaled base.
public struct Number: Sendable, Equatable {
    public var value: Double
    public var base: Double
}

/// The value and generation of one key.
public struct Resolved<Value: Sendable>: Sendable {
    public var theme: String
    public var generation: Int
    /// nil when the key resolves to no value.
    public var value: Value?
}

/// Resolves one key and returns the raw resolved value.
public struct Resolve: SnapStyleRequest {
    public static let method = "resolve"
    public var attribute: String
    public var key: String
    public var context: JSONObject
    public var theme: String?

    public init(attribute: String, key: String, context: JSONObject = [:], theme: String? = nil) {
        self.attribute = attribute
        self.key = key
        self.context = context
        self.theme = theme
    }

    public var params: JSONObject {
        var params: JSONObject = ["attribute": .string(attribute), "key": .string(key), "context": .object(context)]
        if let theme { params["theme"] = .string(theme) }
        return params
    }

    public func decode(_ result: JSONValue) throws -> Resolved<JSONValue> {
        guard let theme = result["theme"]?.stringValue, let generation = result["generation"]?.intValue else {
            throw SnapStyleClientError.unexpectedResult("no theme or generation")
        }
        let value = result["value"] ?? .null
        return Resolved(theme: theme, generation: generation, value: value.isNull ? nil : value)
    }
}

/// Resolves a font key.
public struct ResolveFont: SnapStyleRequest {
    public static let method = "resolve"
    var inner: Resolve

    public init(key: String, context: JSONObject = [:], theme: String? = nil) {
        inner = Resolve(attribute: "font", key: key, context: context, theme: theme)
    }

    public var params: JSONObject { inner.params }

    public func decode(_ result: JSONValue) throws -> Resolved<Font> {
        let raw = try inner.decode(result)
        return Resolved(theme: raw.theme, generation: raw.generation, value: try raw.value.map { v in
            guard let size = v["size"]?.doubleValue, let baseSize = v["baseSize"]?.doubleValue else {
                throw SnapStyleClientError.unexpectedResult("not a font")
            }
            return Font(
                size: size, baseSize: baseSize, weight: v["weight"]?.stringValue ?? "regular",
                width: v["width"]?.stringValue ?? "standard", design: v["design"]?.stringValue ?? "default",
                textStyle: v["textStyle"]?.stringValue ?? "body")
        })
    }
}

/// Resolves a surface key that is a color.
public struct ResolveColor: SnapStyleRequest {
    public static let method = "resolve"
    var inner: Resolve

    public init(key: String, context: JSONObject = [:], theme: String? = nil) {
        inner = Resolve(attribute: "surface", key: key, context: context, theme: theme)
    }

    public var params: JSONObject { inner.params }

    public func decode(_ result: JSONValue) throws -> Resolved<Color> {
        let raw = try inner.decode(result)
        return Resolved(theme: raw.theme, generation: raw.generation, value: try raw.value.map { v in
            guard v["kind"] == "color", let hex = v["hex"]?.stringValue else {
                throw SnapStyleClientError.unexpectedResult("not a color")
            }
            return Color(hex: hex, rgba: v["rgba"]?.arrayValue?.compactMap(\.doubleValue) ?? [])
        })
    }
}

/// Resolves a number key.
public struct ResolveNumber: SnapStyleRequest {
    public static let method = "resolve"
    var inner: Resolve

    public init(key: String, context: JSONObject = [:], theme: String? = nil) {
        inner = Resolve(attribute: "number", key: key, context: context, theme: theme)
    }

    public var params: JSONObject { inner.params }

    public func decode(_ result: JSONValue) throws -> Resolved<Number> {
        let raw = try inner.decode(result)
        return Resolved(theme: raw.theme, generation: raw.generation, value: try raw.value.map { v in
            guard let value = v["value"]?.doubleValue, let base = v["base"]?.doubleValue else {
                throw SnapStyleClientError.unexpectedResult("not a number")
            }
            return Number(value: value, base: base)
        })
    }
}

/// The daemon's status object.
public struct Status: SnapStyleRequest {
    public static let method = "status"
    public init() {}
    public var params: JSONObject { [:] }
    public func decode(_ result: JSONValue) throws -> JSONValue { result }
}
