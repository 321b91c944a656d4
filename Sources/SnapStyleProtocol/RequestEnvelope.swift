import SnapStyleJSON

/// A JSON-RPC 2.0 request as read from one message: its id, its method and its params, checked against the
/// envelope's rules. The method is kept as its name: an unknown one is answered -32601 by whoever dispatches.
public struct RequestEnvelope: Sendable {
    /// The id to answer with; nil for a notification (no `id` member), which gets no answer.
    public var id: JSONValue?
    public var methodName: String
    public var params: JSONValue?

    /// The method, when the daemon knows it.
    public var method: Method? { Method(rawValue: methodName) }

    /// Whether the sender wants an answer.
    public var isNotification: Bool { id == nil }

    /// The id a response carries (`null` for a notification's error, which is never sent).
    public var responseID: JSONValue { id ?? .null }

    /// Reads a message; the failure carries the id to answer with (null when even that is unreadable).
    public static func read(_ message: JSONValue) -> Result<RequestEnvelope, EnvelopeError> {
        guard case .object(let request) = message else {
            return .failure(EnvelopeError(id: .null, .invalidRequest("a request is a JSON object")))
        }
        let id = request["id"]
        switch id {
        case nil, .string?, .integer?, .double?, .null?: break
        default: return .failure(EnvelopeError(id: .null, .invalidRequest("id must be a string, a number or null")))
        }
        let responseID = id ?? .null
        guard request["jsonrpc"] == "2.0" else {
            return .failure(EnvelopeError(id: responseID, .invalidRequest("jsonrpc must be \"2.0\"")))
        }
        guard let method = request["method"]?.stringValue else {
            return .failure(EnvelopeError(id: responseID, .invalidRequest("method must be a string")))
        }
        for member in request.members {
            switch member.key {
            case "jsonrpc", "id", "method", "params": continue
            default:
                return .failure(EnvelopeError(id: responseID, .invalidRequest("unknown member '\(member.key)'")))
            }
        }
        let params = request["params"]
        if let params, !params.isNull, params.objectValue == nil {
            // Executed and failed like any other call: a notification gets nothing back.
            let error = EnvelopeError(
                id: responseID, .invalidParams("params", "params must be an object"), answered: id != nil)
            return .failure(error)
        }
        return .success(RequestEnvelope(id: id, methodName: method, params: params))
    }

    public init(id: JSONValue?, methodName: String, params: JSONValue?) {
        self.id = id
        self.methodName = methodName
        self.params = params
    }

    public init(id: JSONValue?, method: Method, params: JSONObject?) {
        self.init(id: id, methodName: method.rawValue, params: params.map(JSONValue.object))
    }

    /// The request as JSON.
    public var json: JSONValue {
        var object: JSONObject = ["jsonrpc": "2.0"]
        if let id { object["id"] = id }
        object["method"] = .string(methodName)
        if let params { object["params"] = params }
        return .object(object)
    }
}

/// A message that is not a valid request: the error to answer, and the id to answer it with.
public struct EnvelopeError: Error, Sendable {
    public var id: JSONValue
    public var error: RPCError
    /// false: a notification whose params were wrong, which is answered nothing.
    public var answered: Bool

    public init(id: JSONValue, _ error: RPCError, answered: Bool = true) {
        self.id = id
        self.error = error
        self.answered = answered
    }
}
