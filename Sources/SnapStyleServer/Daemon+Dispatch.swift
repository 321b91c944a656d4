import Logging
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleProtocol

/// Who sent a message: its connection's number and where its events go.
public struct Caller: Sendable {
    public let connection: Int
    public let sink: any EventSink
}

extension Daemon {
    static let maxBatch = 1000

    /// Answers one line of input: the response line (no newline), or nil when nothing is answered
    /// (notifications only). `slow` runs a method that must not block the event loop (`reload`).
    public func handle(line bytes: [UInt8], caller: Caller) -> [UInt8]? {
        let message: JSONValue
        do {
            message = try Jansson.parse(bytes: bytes)
        } catch {
            let reason = error.code == .invalidUTF8 ? "invalid UTF-8: \(error.message)" : error.description
            return Self.encode(Self.errorResponse(id: .null, .parseError(reason)))
        }
        switch message {
        case .array(let batch):
            guard !batch.isEmpty else {
                return Self.encode(Self.errorResponse(id: .null, .invalidRequest("an empty batch")))
            }
            guard batch.count <= Self.maxBatch else {
                return Self.encode(Self.errorResponse(id: .null, .limitExceeded("batch entries", limit: Self.maxBatch)))
            }
            let responses = batch.compactMap { respond(to: $0, caller: caller) }
            return responses.isEmpty ? nil : Self.encode(.array(responses))
        default:
            return respond(to: message, caller: caller).map(Self.encode)
        }
    }

    static func encode(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        Jansson.encode(value, into: &bytes)
        return bytes
    }

    static func errorResponse(id: JSONValue, _ error: RPCError) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id, "error": error.json])
    }

    /// One request of a line or a batch: its response, or nil for a notification.
    func respond(to message: JSONValue, caller: Caller) -> JSONValue? {
        guard case .object(let request) = message else {
            return Self.errorResponse(id: .null, .invalidRequest("a request is a JSON object"))
        }
        let id = request["id"]
        let responseID: JSONValue
        switch id {
        case nil: responseID = .null
        case .string?, .integer?, .double?, .null?: responseID = id!
        default: return Self.errorResponse(id: .null, .invalidRequest("id must be a string, a number or null"))
        }
        guard request["jsonrpc"] == "2.0" else {
            return Self.errorResponse(id: responseID, .invalidRequest("jsonrpc must be \"2.0\""))
        }
        guard let method = request["method"]?.stringValue else {
            return Self.errorResponse(id: responseID, .invalidRequest("method must be a string"))
        }
        for member in request.keys where !["jsonrpc", "id", "method", "params"].contains(member) {
            return Self.errorResponse(id: responseID, .invalidRequest("unknown member '\(member)'"))
        }
        let params = request["params"]
        if let params, !params.isNull, params.objectValue == nil {
            return Self.errorResponse(id: responseID, .invalidParams("params", "params must be an object"))
        }
        let result: JSONValue
        do {
            result = try call(method, params, caller: caller)
        } catch let error as RPCError {
            return id == nil ? nil : Self.errorResponse(id: responseID, error)
        } catch {
            logger.error("internal error in \(method): \(error); request: \(Jansson.encode(message))")
            return id == nil ? nil : Self.errorResponse(id: responseID, .internalError())
        }
        guard id != nil else { return nil }
        return .object(["jsonrpc": "2.0", "id": responseID, "result": result])
    }

    func call(_ method: String, _ params: JSONValue?, caller: Caller) throws -> JSONValue {
        if let result = try methods.handle(method, params) { return result }
        switch method {
        case "ping":
            _ = try Params(params, allowed: [])
            return "pong"
        case "status": return try status(params)
        case "reload":
            _ = try Params(params, allowed: [])
            return reloadResult(reloadAll(reason: "reload requested"))
        case "subscribe": return try subscribe(params, caller: caller)
        case "unsubscribe":
            let p = try Params(params, allowed: ["subscription"])
            let id = try p.requiredString("subscription")
            guard subscriptions.remove(id, connection: caller.connection) else {
                throw RPCError.invalidParams("subscription", "no subscription '\(id)' on this connection")
            }
            return .object(["ok": true])
        default:
            throw RPCError.methodNotFound(method)
        }
    }
}
