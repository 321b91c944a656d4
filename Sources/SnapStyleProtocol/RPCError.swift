import SnapStyleJSON
import SnapStyleVocabulary

/// A JSON-RPC error as it goes on the wire (docs/protocol.md). Only errors of this type reach clients;
/// anything else is logged and answered -32603.
public struct RPCError: Error, Hashable, Sendable {
    public var code: Int
    public var message: String
    public var data: JSONObject?

    public init(code: Int, message: String, data: JSONObject? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    public static let unknownThemeCode = -32001
    public static let unknownKeyCode = -32002
    public static let invalidContextCode = -32003
    public static let themeUnavailableCode = -32004
    public static let limitExceededCode = -32005

    /// -32700: the line is not JSON.
    public static func parseError(_ reason: String) -> RPCError {
        RPCError(code: parseErrorCode, message: "Parse error", data: ["reason": .string(reason)])
    }

    /// -32600: JSON, but not a valid request.
    public static func invalidRequest(_ reason: String) -> RPCError {
        RPCError(code: invalidRequestCode, message: "Invalid Request", data: ["reason": .string(reason)])
    }

    /// -32601: no such method.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: methodNotFoundCode, message: "Method not found", data: ["method": .string(method)])
    }

    /// -32602: `field` is the parameter's dotted path in `params`. The field and reason are cut as quoted input is (`Quoted`), so that a megabyte-long member name is
    /// not repeated.
    public static func invalidParams(_ field: String, _ reason: String) -> RPCError {
        RPCError(
            code: invalidParamsCode, message: "Invalid params",
            data: [
                "field": .string(Quoted.excerpt(field)),
                "reason": .string(Quoted.excerpt(reason, limit: Limits.messageCharacters)),
            ])
    }

    /// -32603: a failure that is not the client's.
    public static func internalError(_ reason: String = "internal error") -> RPCError {
        RPCError(code: internalErrorCode, message: "Internal error", data: ["reason": .string(reason)])
    }

    /// -32001: no theme of that name.
    public static func unknownTheme(_ theme: String, available: [String]) -> RPCError {
        RPCError(
            code: unknownThemeCode, message: "Unknown theme",
            data: ["theme": .string(Quoted.excerpt(theme)), "available": .array(available.map(JSONValue.string))])
    }

    /// -32005: a limit of the daemon was exceeded; `what` names it, `reason` says it for people.
    public static func limitExceeded(_ what: String, limit: Int, reason: String? = nil) -> RPCError {
        var data: JSONObject = ["limit": .string(what), "maximum": .integer(Int64(limit))]
        if let reason { data["reason"] = .string(reason) }
        return RPCError(code: limitExceededCode, message: "Limit exceeded", data: data)
    }

    /// `{"code", "message", "data"}`.
    public var json: JSONValue {
        var object: JSONObject = ["code": .integer(Int64(code)), "message": .string(message)]
        if let data { object["data"] = .object(data) }
        return .object(object)
    }

    /// Reads an error object received from a daemon.
    public init?(json: JSONValue) {
        guard let code = json["code"]?.intValue, let message = json["message"]?.stringValue else { return nil }
        self.init(code: code, message: message, data: json["data"]?.objectValue)
    }
}
