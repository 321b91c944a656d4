import Logging
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
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

/// What a line of input gets from `RequestDispatcher.reply(to:caller:)`.
public enum Reply: Sendable {
    /// Nothing (notifications only, or a blank line).
    case none
    /// The response line (no newline).
    case line([UInt8])
    /// The response line (no newline), this many bytes, written at the start of the space given to
    /// `reply(to:caller:space:)`.
    case written(Int)
    /// Answered off the event loop (`RequestDispatcher.answer(_:)`); the connection holds its next lines until
    /// then, so responses keep the order of requests.
    indirect case deferred(DeferredRequest)
}

/// A message whose answer may take more than a moment: a batch, a method that walks whole themes, a `reload`, or
/// a request with overrides or many queries.
public struct DeferredRequest: Sendable {
    /// What was read of the line: one request, or a batch's entries (read one by one when answered).
    enum Message: Sendable {
        /// The request, and its id's text when a number's may differ from what the encoder writes.
        case request(RequestEnvelope, idText: [UInt8]?)
        /// The entries, and the text of each one's numeric id.
        case batch([JSONValue], idTexts: [[UInt8]?])
    }

    let message: Message
    let caller: Caller
}

/// Turns request lines into response lines: parses, checks the envelope, dispatches on `Method`. The part that
/// runs on an event loop (`reply(to:caller:)`) is synchronous and cannot reach a rescan: `reload`, batches and
/// long methods come back `.deferred`, and only the asynchronous `answer(_:)` can wait for a rescan.
public final class RequestDispatcher: Sendable {
    /// The longest response line: a larger answer is -32005 (the daemon builds a response before sending it).
    static let maxResponseBytes = Limits.responseBytes

    let methods: StyleMethods
    let daemonMethods: DaemonMethods
    let rescans: RescanRequests
    let logger: Logger

    init(methods: StyleMethods, daemonMethods: DaemonMethods, rescans: RescanRequests, logger: Logger) {
        self.methods = methods
        self.daemonMethods = daemonMethods
        self.rescans = rescans
        self.logger = logger
    }

    /// Answers one line (no newline) in place, or says it is answered later. Never blocks: safe on an event loop.
    public func reply(to bytes: UnsafeRawBufferPointer, caller: Caller) -> Reply {
        reply(to: bytes, caller: caller, space: UnsafeMutableRawBufferPointer(start: nil, count: 0))
    }

    /// Answers one line as `reply(to:caller:)` does, writing the response to a single-key `resolve` into `space`
    /// when it fits (`.written`), so that it goes to the socket without another copy.
    public func reply(to bytes: UnsafeRawBufferPointer, caller: Caller, space: UnsafeMutableRawBufferPointer) -> Reply {
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return .none }
        let message: JSONValue
        do {
            // A resolve that fails is not answered here: the general path answers it with its error.
            let read = try RequestLineParser.read(bytes) { id, params -> Reply? in
                var line = LineWriter(space: space)
                guard methods.writeResolveResponse(params, id: id, into: &line) else { return nil }
                switch line.outcome {
                case .inPlace(let count): return .written(count)
                case .spilled(let bytes): return .line(bytes)
                }
            }
            switch read {
            case .answered(let reply): return reply
            case .message(let value): message = value
            }
        } catch {
            let reason = error.code == .invalidUTF8 ? "invalid UTF-8: \(error.message)" : error.description
            return .line(ResponseLine.error(id: .null, .parseError(reason)))
        }
        let idText = RequestIDText.mayDiffer(message["id"]) ? RequestIDText.number(inObject: bytes) : nil
        let envelope = RequestEnvelope.read(message)
        // A batch as a whole too (id null, as for any error of a whole batch).
        if message.widestObject > Limits.objectMembers {
            let id: JSONValue
            switch envelope {
            case .success(let request): id = request.responseID
            case .failure(let failure): id = failure.id
            }
            let error = RPCError.limitExceeded("objectMembers", limit: Limits.objectMembers)
            return .line(RequestIDText.splice(ResponseLine.error(id: id, error), id: id, text: idText))
        }
        if case .array(let batch) = message {
            let texts =
                batch.contains { RequestIDText.mayDiffer($0["id"]) } ? RequestIDText.numbers(inArray: bytes) : []
            return .deferred(DeferredRequest(message: .batch(batch, idTexts: texts), caller: caller))
        }
        switch envelope {
        case .failure(let failure):
            guard failure.answered else { return .none }
            return .line(
                RequestIDText.splice(ResponseLine.error(id: failure.id, failure.error), id: failure.id, text: idText))
        case .success(let request):
            if Self.mayTakeLong(request) {
                return .deferred(DeferredRequest(message: .request(request, idText: idText), caller: caller))
            }
            guard let line = answerInPlace(request, caller: caller) else { return .none }
            return .line(RequestIDText.splice(line, id: request.responseID, text: idText))
        }
    }

    /// Whether answering may take more than a moment: a method that walks whole themes or rescans, or a request
    /// with overrides (validated like a theme file) or many queries. A lone resolve, ping or status is answered on
    /// the event loop.
    static func mayTakeLong(_ request: RequestEnvelope) -> Bool {
        guard let method = request.method else { return false }
        switch method {
        case .keys, .explain, .themes, .reload, .audit: return true
        // `subscribe` stays on the loop: it registers the connection's sink, which must not outlive it, and its
        // answer must come before the events of the subscription it makes.
        case .resolve, .resolveElement, .resolveContainer:
            let params = request.params
            return params?["overrides"] != nil || (params?["queries"]?.arrayValue?.count ?? 0) > 16
        case .ping, .status, .subscribe, .unsubscribe: return false
        }
    }

    /// The response to a request that needs no rescan (nil: a notification, answered nothing). Synchronous: on an
    /// event loop for quick methods, on NIO's thread pool for the rest.
    func answerInPlace(_ request: RequestEnvelope, caller: Caller) -> [UInt8]? {
        guard let method = request.method else {
            return request.isNotification
                ? nil : ResponseLine.error(id: request.responseID, .methodNotFound(request.methodName))
        }
        do {
            let result = try result(of: method, request.params, caller: caller)
            return request.isNotification ? nil : try encode(result, id: request.responseID)
        } catch {
            return request.isNotification ? nil : ResponseLine.error(id: request.responseID, error)
        }
    }

    private func result(of method: Method, _ params: JSONValue?, caller: Caller) throws(RPCError) -> JSONValue {
        switch method {
        case .resolve, .resolveElement, .resolveContainer, .explain, .themes, .keys, .audit:
            guard let result = try methods.answer(method, params) else { throw .methodNotFound(method.rawValue) }
            return result
        case .ping: return try daemonMethods.ping(params)
        case .status: return try daemonMethods.status(params)
        case .subscribe: return try daemonMethods.subscribe(params, caller: caller)
        case .unsubscribe: return try daemonMethods.unsubscribe(params, caller: caller)
        case .reload:
            logger.error("reload reached the in-place path")
            throw .internalError()
        }
    }

    func encode(_ result: JSONValue, id: JSONValue) throws(RPCError) -> [UInt8] {
        let bytes = ResponseLine.encode(result)
        guard bytes.count <= Self.maxResponseBytes else {
            throw .limitExceeded(
                "responseBytes", limit: Self.maxResponseBytes,
                reason: "the answer would be \(bytes.count) bytes; ask for less at a time")
        }
        return ResponseLine.result(id: id, encoded: bytes)
    }
}
