import SnapStyleVocabulary
import SnapStyleJSON
import SnapStyleProtocol

/// A request whose response type is known: a value describes what to ask, a connection performs it.
public protocol SnapStyleRequest: Sendable {
    associatedtype Response: Sendable
    static var method: Method { get }
    var params: JSONObject { get }
    func decode(_ result: JSONValue) throws -> Response
}

/// The value and generation of one key.
public struct Resolved<Value: Sendable>: Sendable {
    public var theme: String
    public var generation: Int
    /// nil when the key resolves to no value.
    public var value: Value?
}

/// Resolves one key of any attribute and returns its value as JSON.
public struct ResolveRequest: SnapStyleRequest {
    public static let method = Method.resolve
    public var attribute: Attribute
    public var key: String
    public var context: JSONObject
    public var theme: String?

    public init(_ attribute: Attribute, key: String, context: JSONObject = [:], theme: String? = nil) {
        self.attribute = attribute
        self.key = key
        self.context = context
        self.theme = theme
    }

    public var params: JSONObject {
        var params: JSONObject = [
            "attribute": .string(attribute.rawValue), "key": .string(key), "context": .object(context),
        ]
        if let theme { params["theme"] = .string(theme) }
        return params
    }

    public func decode(_ result: JSONValue) throws -> Resolved<JSONValue> {
        guard let resolved = ResolveResult(json: result) else {
            throw SnapStyleClientError.unexpectedResult("not a resolve result")
        }
        return Resolved(theme: resolved.theme, generation: resolved.generation, value: resolved.value)
    }

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
public struct FontRequest: SnapStyleRequest {
    public static let method = Method.resolve
    var inner: ResolveRequest

    public init(key: String, context: JSONObject = [:], theme: String? = nil) {
        inner = ResolveRequest(.font, key: key, context: context, theme: theme)
    }

    public var params: JSONObject { inner.params }

    public func decode(_ result: JSONValue) throws -> Resolved<StyleFont> {
        try inner.decode(result, as: { StyleValue(json: $0, attribute: .font)?.font }, "a font")
    }
}

/// Resolves a surface key that is a color.
public struct ColorRequest: SnapStyleRequest {
    public static let method = Method.resolve
    var inner: ResolveRequest

    public init(key: String, context: JSONObject = [:], theme: String? = nil) {
        inner = ResolveRequest(.surface, key: key, context: context, theme: theme)
    }

    public var params: JSONObject { inner.params }

    public func decode(_ result: JSONValue) throws -> Resolved<StyleColor> {
        try inner.decode(result, as: { StyleValue(json: $0, attribute: .surface)?.color }, "a color")
    }
}

/// Resolves a number key.
public struct NumberRequest: SnapStyleRequest {
    public static let method = Method.resolve
    var inner: ResolveRequest

    public init(key: String, context: JSONObject = [:], theme: String? = nil) {
        inner = ResolveRequest(.number, key: key, context: context, theme: theme)
    }

    public var params: JSONObject { inner.params }

    public func decode(_ result: JSONValue) throws -> Resolved<StyleNumber> {
        try inner.decode(result, as: { StyleValue(json: $0, attribute: .number)?.number }, "a number")
    }
}

/// The daemon's status.
public struct StatusRequest: SnapStyleRequest {
    public static let method = Method.status
    public init() {}
    public var params: JSONObject { [:] }

    public func decode(_ result: JSONValue) throws -> DaemonStatus {
        guard let status = DaemonStatus(json: result) else {
            throw SnapStyleClientError.unexpectedResult("not a status")
        }
        return status
    }
}
