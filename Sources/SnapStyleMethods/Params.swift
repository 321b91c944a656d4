import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol

/// Reading a request's `params` with errors that name the field.
public struct Params: Sendable {
    public let object: JSONObject
    let prefix: String

    public init(_ params: JSONValue?, allowed: [String]) throws(RPCError) {
        switch params {
        case nil, .null?: object = [:]
        case .object(let o)?: object = o
        default: throw .invalidParams("params", "params must be an object")
        }
        prefix = ""
        for member in object where !allowed.contains(member.key) {
            throw .invalidParams(member.key, "unknown parameter (expected one of \(allowed.joined(separator: ", ")))")
        }
    }

    init(object: JSONObject, prefix: String) {
        self.object = object
        self.prefix = prefix
    }

    /// A member's dotted path in the request's `params`, for `data.field`.
    public func field(_ name: String) -> String { prefix.isEmpty ? name : "\(prefix).\(name)" }

    public subscript(name: String) -> JSONValue? {
        guard let value = object[name], !value.isNull else { return nil }
        return value
    }

    /// An optional string member.
    public func string(_ name: String) throws(RPCError) -> String? {
        guard let value = self[name] else { return nil }
        guard let s = value.stringValue else { throw .invalidParams(field(name), "expected a string") }
        return s
    }

    /// A string member that must be present.
    public func requiredString(_ name: String) throws(RPCError) -> String {
        guard let s = try string(name) else { throw .invalidParams(field(name), "missing") }
        return s
    }

    /// A member naming one of the seven attributes (or `accent`).
    public func attribute(_ name: String = "attribute") throws(RPCError) -> Attribute {
        let text = try requiredString(name)
        guard let attribute = Attribute(rawValue: text) else {
            throw .invalidParams(
                field(name),
                "'\(text)' is not an attribute (expected \(Attribute.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        return attribute
    }

    /// A member holding a semantic key.
    public func key(_ name: String = "key") throws(RPCError) -> String {
        let key = try requiredString(name)
        guard KeySyntax.isValidReference(key) else {
            throw .invalidParams(field(name), "'\(key)' is not a valid key")
        }
        return key
    }

    /// The `context` member read as a style context (empty when absent); errors are -32003 or -32602.
    public func context() throws(RPCError) -> StyleContext {
        guard let value = self["context"] else { return StyleContext() }
        // An ill-typed parameter (-32602); -32003 is for what is wrong inside a context object.
        guard value.objectValue != nil else { throw .invalidParams(field("context"), "expected an object") }
        do {
            return try StyleContext(json: value)
        } catch {
            throw RPCError.invalidContext(error)
        }
    }

    /// An optional array member.
    public func array(_ name: String) throws(RPCError) -> [JSONValue]? {
        guard let value = self[name] else { return nil }
        guard let array = value.arrayValue else { throw .invalidParams(field(name), "expected an array") }
        return array
    }

    /// An element of an array as nested params.
    public func nested(_ value: JSONValue, at path: String, allowed: [String]) throws(RPCError) -> Params {
        guard case .object(let object) = value else { throw .invalidParams(field(path), "expected an object") }
        for member in object where !allowed.contains(member.key) {
            throw .invalidParams(field("\(path).\(member.key)"), "unknown member")
        }
        return Params(object: object, prefix: field(path))
    }
}

extension RPCError {
    /// An invalid context as -32003, naming the member at fault.
    public static func invalidContext(_ error: ContextError) -> RPCError {
        var data: JSONObject = ["field": .string(error.field), "reason": .string(error.reason)]
        if let allowed = error.allowed { data["allowed"] = .array(allowed.map(JSONValue.string)) }
        return RPCError(code: invalidContextCode, message: "Invalid context", data: data)
    }

    /// A resolution error as its protocol error.
    public static func style(_ error: StyleError) -> RPCError {
        switch error {
        case .unknownKey(let attribute, let key, let suggestions):
            return RPCError(
                code: unknownKeyCode, message: "Unknown key",
                data: [
                    "attribute": .string(attribute.rawValue), "key": .string(key),
                    "suggestions": .array(suggestions.map(JSONValue.string)),
                ])
        case .invalidContext(let error):
            return invalidContext(error)
        case .limitExceeded(let limit, let maximum, let reason):
            return limitExceeded(limit, limit: maximum, reason: reason)
        }
    }
}
