import HTTPTypes
import Hummingbird
import SnapStyleJSON
import SnapStyleProtocol

/// An answer of the preview server that is not a success: an HTTP status and the JSON body
/// `{"error": {"code", "message", "field"}}`, where `code` is the daemon's JSON-RPC error code (or the preview's own
/// for what never reaches the daemon) and `field` the query parameter or params path at fault, or null.
public struct PreviewError: HTTPResponseError, Equatable, CustomStringConvertible {
    /// The HTTP status: 400, 404, 405, 421, 501, 502, 503 or 504.
    public var status: HTTPResponse.Status
    /// The JSON-RPC error code (`RPCError`'s, or `daemonUnavailableCode`).
    public var code: Int
    public var message: String
    /// The query parameter (or the params path the daemon named) at fault, if one is.
    public var field: String?
    /// Extra headers (`Allow` on 405).
    var headers: HTTPFields = [:]

    public init(status: HTTPResponse.Status, code: Int, message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }

    /// `STATUS CODE message (field)`.
    public var description: String { "\(status.code) \(code) \(message)" + (field.map { " (\($0))" } ?? "") }

    /// `{"error": {"code", "message", "field"}}`.
    public var json: JSONValue {
        .object([
            "error": .object([
                "code": .integer(Int64(code)), "message": .string(message),
                "field": field.map(JSONValue.string) ?? .null,
            ])
        ])
    }

    /// The error as a JSON response that no cache keeps.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        var body = JSONText.encode(json, layout: .jansson)
        body.append("\n")
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

extension PreviewError {
    /// The preview's codes for what the daemon never sees, in JSON-RPC's range for implementation-defined errors
    /// where no daemon code fits.
    public static let daemonUnavailableCode = -32000

    /// 400: a query parameter the preview cannot turn into params (the daemon's -32602, with the parameter).
    static func badQuery(_ field: String, _ reason: String) -> PreviewError {
        PreviewError(
            status: .badRequest, code: RPCError.invalidParamsCode, message: "Invalid params: \(reason)", field: field)
    }

    /// 404: no such route.
    static func noRoute(_ path: String) -> PreviewError {
        PreviewError(status: .notFound, code: RPCError.methodNotFoundCode, message: "Not found: \(path)", field: nil)
    }

    /// 405: the preview is read-only.
    static func methodNotAllowed(_ method: HTTPRequest.Method) -> PreviewError {
        var error = PreviewError(
            status: .methodNotAllowed, code: RPCError.invalidRequestCode,
            message: "Method not allowed: \(method.rawValue) (the preview is read-only: GET and HEAD)")
        error.headers[.allow] = "GET, HEAD"
        return error
    }

    /// 421: a Host header (or an absolute-form request target) that is not the address the preview is bound to
    /// (DNS rebinding).
    static func misdirected(_ host: String?) -> PreviewError {
        let message =
            host.map { "Misdirected request: '\($0)' is not this server's address" }
            ?? "Misdirected request: no Host header"
        return PreviewError(status: .misdirectedRequest, code: RPCError.invalidRequestCode, message: message)
    }

    /// 400: a second `Host` header (which of them names the server is anybody's guess).
    static let duplicateHost = PreviewError(
        status: .badRequest, code: RPCError.invalidRequestCode, message: "Bad request: more than one Host header")

    /// 501: a transfer coding other than `chunked`, whose body the preview cannot read. The connection closes.
    static func unsupportedTransferEncoding(_ value: String) -> PreviewError {
        var error = PreviewError(
            status: .notImplemented, code: RPCError.invalidRequestCode,
            message: "Not implemented: Transfer-Encoding '\(value)' (only chunked is read)")
        error.headers[.connection] = "close"
        return error
    }

    /// 502: no daemon answers.
    static func daemonUnavailable(_ reason: String) -> PreviewError {
        PreviewError(status: .badGateway, code: daemonUnavailableCode, message: "Daemon unavailable: \(reason)")
    }

    /// 503: `--max-streams` event streams are open.
    static func tooManyStreams(_ limit: Int) -> PreviewError {
        PreviewError(
            status: .serviceUnavailable, code: RPCError.limitExceededCode,
            message: "Limit exceeded: at most \(limit) event streams are open at once (--max-streams)")
    }

    /// 504: the daemon did not answer in time.
    static func daemonTimeout(_ timeout: Duration) -> PreviewError {
        PreviewError(
            status: .gatewayTimeout, code: daemonUnavailableCode,
            message: "Daemon timeout: no answer within \(timeout)")
    }

    /// The daemon's error answer: 404 for an unknown theme, 502 for a theme that never loaded or an internal error,
    /// else 400 (the query asked for something the daemon refuses).
    static func daemon(code: Int, message: String, data: JSONValue?) -> PreviewError {
        let status: HTTPResponse.Status =
            switch code {
            case RPCError.unknownThemeCode: .notFound
            case RPCError.themeUnavailableCode, RPCError.internalErrorCode: .badGateway
            default: .badRequest
            }
        let details = RPCError.Details(data?.objectValue)
        var field = details.field
        if field == nil, code == RPCError.unknownThemeCode { field = "theme" }
        if field == nil, code == RPCError.unknownKeyCode { field = "key" }
        var text = message
        if let reason = details.reason { text += ": \(reason)" }
        if code == RPCError.unknownThemeCode, let theme = details.theme { text += ": \(theme)" }
        if code == RPCError.unknownKeyCode, let key = details.key { text += ": \(key)" }
        return PreviewError(status: status, code: code, message: text, field: field)
    }
}
