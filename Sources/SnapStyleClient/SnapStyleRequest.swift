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

extension Resolve {
    /// Decodes a result whose value, when there is one, `transform` turns into a typed value.
    func decode<Value>(_ result: JSONValue, as transform: (JSONValue) -> Value?, _ what: String) throws
        -> Resolved<Value>
    {
        let raw = try decode(result)
        guard let value = raw.value else { return Resolved(theme: raw.theme, generation: raw.generation, value: nil) }
        guard let typed = transform(value) else { throw SnapStyleClientError.unexpectedResult("not \(what)") }
        return Resolved(theme: raw.theme, generation: raw.generation, value: typed)
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
        try inner.decode(
            result,
            as: { v in
                guard let size = v["size"]?.doubleValue, let baseSize = v["baseSize"]?.doubleValue else { return nil }
                return Font(
                    size: size, baseSize: baseSize, weight: v["weight"]?.stringValue ?? "regular",
                    width: v["width"]?.stringValue ?? "standard", design: v["design"]?.stringValue ?? "default",
                    textStyle: v["textStyle"]?.stringValue ?? "body")
            }, "a font")
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
        try inner.decode(
            result,
            as: { v in
                guard v["kind"] == "color", let hex = v["hex"]?.stringValue else { return nil }
                return Color(hex: hex, rgba: v["rgba"]?.arrayValue?.compactMap(\.doubleValue) ?? [])
            }, "a color")
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
        try inner.decode(
            result,
            as: { v in
                guard let value = v["value"]?.doubleValue, let base = v["base"]?.doubleValue else { return nil }
                return Number(value: value, base: base)
            }, "a number")
    }
}

/// The daemon's status object.
public struct Status: SnapStyleRequest {
    public static let method = "status"
    public init() {}
    public var params: JSONObject { [:] }
    public func decode(_ result: JSONValue) throws -> JSONValue { result }
}
