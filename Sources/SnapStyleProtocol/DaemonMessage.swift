import SnapStyleJSON

/// A line a client reads from the daemon (docs/protocol.md): the answer to one of its calls (or a batch of
/// them), an event, or something else, which a client ignores.
public enum DaemonMessage: Sendable {
    /// The answer to the call of this id: its result, or its error.
    case response(id: Int, Result<JSONValue, RPCError>)
    /// A batch's answers, in the order the daemon wrote them.
    case batch([DaemonMessage])
    case event(ThemeEvent)
    case other

    public init(json: JSONValue) {
        if case .array(let answers) = json {
            self = .batch(answers.map(DaemonMessage.init(json:)))
            return
        }
        if let method = json["method"]?.stringValue, json["id"] == nil {
            self = ThemeEvent(method: method, params: json["params"] ?? .null).map(DaemonMessage.event) ?? .other
            return
        }
        guard let id = json["id"]?.intValue else {
            self = .other
            return
        }
        if let error = json["error"] {
            self = .response(
                id: id, .failure(RPCError(json: error) ?? RPCError.internalError("an error without a code")))
        } else {
            self = .response(id: id, .success(json["result"] ?? .null))
        }
    }
}
