import Logging
import NIOPosix
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleProtocol

/// Who sent a message: its connection's number and where its events go.
public struct Caller: Sendable {
    public let connection: Int
    public let sink: any EventSink

    public init(connection: Int, sink: any EventSink) {
        self.connection = connection
        self.sink = sink
    }
}

extension Daemon {
    static let maxBatch = 1000
    /// The longest response line: a larger answer is -32005 (the daemon builds a response before sending it).
    static let maxResponseBytes = 64 << 20

    /// What a line of input gets.
    public enum Reply {
        /// Nothing (notifications only).
        case none
        /// The response line (no newline).
        case line([UInt8])
        /// A `reload`: the answer goes to the caller's `EventSink.resume(with:)` once the rescan is done. The
        /// connection holds its next lines until then, so responses keep the order of requests.
        case later
    }

    /// Answers one line of input in place (a `reload` included): the response line (no newline), or nil when
    /// nothing is answered (notifications only).
    public func handle(line bytes: [UInt8], caller: Caller) -> [UInt8]? {
        bytes.withUnsafeBytes { bytes in
            guard case .line(let line) = reply(to: bytes, caller: caller, deferring: false) else { return nil }
            return line
        }
    }

    /// Answers one line given as raw bytes; with `deferring`, a lone `reload` is answered `later` when the
    /// reload worker takes requests (`acceptReloadRequests`).
    public func reply(to bytes: UnsafeRawBufferPointer, caller: Caller, deferring: Bool = true) -> Reply {
        let message: JSONValue
        do {
            message = try Jansson.parse(bytes: bytes)
        } catch {
            let reason = error.code == .invalidUTF8 ? "invalid UTF-8: \(error.message)" : error.description
            return .line(Self.encode(Self.errorResponse(id: .null, .parseError(reason))))
        }
        if deferring, Self.mayTakeLong(message) {
            // Off the event loop, so that the other connections on it keep being answered meanwhile; this
            // connection holds its next lines until the answer is written (`EventSink.resume(with:)`).
            NIOThreadPool.singleton.submit { [self] _ in
                caller.sink.resume(with: reply(to: message, caller: caller))
            }
            return .later
        }
        guard case .array(let batch) = message else {
            switch answer(message, caller: caller, deferring: deferring) {
            case .later: return .later
            case let answer: return respond(answer).map(Reply.line) ?? .none
            }
        }
        return respond(toBatch: batch, caller: caller).map(Reply.line) ?? .none
    }

    /// The answer to a parsed message, in place.
    func reply(to message: JSONValue, caller: Caller) -> [UInt8]? {
        guard case .array(let batch) = message else {
            return respond(answer(message, caller: caller, deferring: false))
        }
        return respond(toBatch: batch, caller: caller)
    }

    /// Whether answering may take more than a moment: a batch, a method that walks a whole theme, or a
    /// request with overrides (validated like a theme file) or many queries. A lone resolve, ping or status
    /// is answered on the event loop.
    static func mayTakeLong(_ message: JSONValue) -> Bool {
        guard case .object(let request) = message else { return message.arrayValue != nil }
        guard let method = request["method"]?.stringValue else { return false }
        switch method {
        case "keys", "explain", "themes": return true
        // `subscribe` stays on the loop: it registers the connection's sink, which must not outlive it, and its
        // answer must come before the events of the subscription it makes.
        case "resolve", "resolveElement", "resolveContainer":
            let params = request["params"]
            return params?["overrides"] != nil || (params?["queries"]?.arrayValue?.count ?? 0) > 16
        default: return false
        }
    }

    /// A batch's responses in one array (a `reload` in a batch is answered in place).
    func respond(toBatch batch: [JSONValue], caller: Caller) -> [UInt8]? {
        guard !batch.isEmpty else {
            return Self.encode(Self.errorResponse(id: .null, .invalidRequest("an empty batch")))
        }
        guard batch.count <= Self.maxBatch else {
            return Self.encode(Self.errorResponse(id: .null, .limitExceeded("batch entries", limit: Self.maxBatch)))
        }
        let responses = batch.compactMap { respond(answer($0, caller: caller, deferring: false)) }
        guard !responses.isEmpty else { return nil }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, response) in responses.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += response
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// `{"jsonrpc":"2.0","id":ID,"result":RESULT}` around an encoded result.
    static func envelope(id: JSONValue, result: [UInt8]) -> [UInt8] {
        var bytes = Array("{\"jsonrpc\":\"2.0\",\"id\":".utf8)
        if case .integer(let number) = id { bytes += String(number).utf8 } else { Jansson.encode(id, into: &bytes) }
        bytes += ",\"result\":".utf8
        bytes += result
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    static func encode(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        Jansson.encode(value, into: &bytes)
        return bytes
    }

    static func errorResponse(id: JSONValue, _ error: RPCError) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id, "error": error.json])
    }

    /// An answer's encoded response, or nil for a notification.
    func respond(_ answer: Answer) -> [UInt8]? {
        switch answer {
        case .none, .later: return nil
        case .encoded(let id, let result): return Self.envelope(id: id, result: result)
        case .value(let response): return Self.encode(response)
        }
    }

    enum Answer {
        case none
        case encoded(id: JSONValue, result: [UInt8])
        case value(JSONValue)
        case later
    }

    func answer(_ message: JSONValue, caller: Caller, deferring: Bool) -> Answer {
        guard case .object(let request) = message else {
            return .value(Self.errorResponse(id: .null, .invalidRequest("a request is a JSON object")))
        }
        let id = request["id"]
        let responseID: JSONValue
        switch id {
        case nil: responseID = .null
        case .string?, .integer?, .double?, .null?: responseID = id!
        default: return .value(Self.errorResponse(id: .null, .invalidRequest("id must be a string, a number or null")))
        }
        guard request["jsonrpc"] == "2.0" else {
            return .value(Self.errorResponse(id: responseID, .invalidRequest("jsonrpc must be \"2.0\"")))
        }
        guard let method = request["method"]?.stringValue else {
            return .value(Self.errorResponse(id: responseID, .invalidRequest("method must be a string")))
        }
        for member in request.members {
            switch member.key {
            case "jsonrpc", "id", "method", "params": continue
            default:
                return .value(Self.errorResponse(id: responseID, .invalidRequest("unknown member '\(member.key)'")))
            }
        }
        let params = request["params"]
        if let params, !params.isNull, params.objectValue == nil {
            // Executed and failed like any other call: a notification gets nothing back.
            guard id != nil else { return .none }
            return .value(Self.errorResponse(id: responseID, .invalidParams("params", "params must be an object")))
        }
        do {
            if method == "resolve", let encoded = try methods.resolveEncoded(params) {
                return id == nil ? .none : .encoded(id: responseID, result: encoded)
            }
            if method == "reload", deferring {
                _ = try Params(params, allowed: [])
                if queueReload(ReloadJob(caller: caller, id: id == nil ? JSONValue?.none : responseID)) {
                    return .later
                }
            }
            let result = try call(method, params, caller: caller)
            guard id != nil else { return .none }
            var bytes: [UInt8] = []
            Jansson.encode(result, into: &bytes)
            guard bytes.count <= Self.maxResponseBytes else {
                throw RPCError.limitExceeded(
                    "responseBytes", limit: Self.maxResponseBytes,
                    reason: "the answer would be \(bytes.count) bytes; ask for less at a time")
            }
            return .encoded(id: responseID, result: bytes)
        } catch let error as RPCError {
            return id == nil ? .none : .value(Self.errorResponse(id: responseID, error))
        } catch {
            logger.error("internal error in \(method): \(error); request: \(Jansson.encode(message))")
            return id == nil ? .none : .value(Self.errorResponse(id: responseID, .internalError()))
        }
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
            return reloadResult(rescanInPlace(reason: "reload requested"))
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
