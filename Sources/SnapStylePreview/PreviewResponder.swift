import Foundation
import HTTPTypes
import Hummingbird
import Logging
import SnapStyleJSON
import SnapStyleProtocol
import Synchronization
import SnapStyleExport

/// Answers every HTTP request of the preview: checks the Host and the method, then serves the route.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let address: LoopbackAddress
    /// The bound port, known once the server listens (`--port 0` picks one).
    let port: BoundPort
    let link: DaemonLink
    let relay: EventRelay
    let exporter: ThemeExporter
    /// `--build`: the outputs served at `/build/FILE`.
    let builds: BuildOutputs
    /// `--theme`: the API's default theme.
    let theme: String?
    /// The page, naming `--theme` as its first theme.
    let indexPage: [UInt8]
    let logger: Logger

    func respond(to request: Request, context: Context) async throws -> Response {
        let route = PreviewRoute(path: request.uri.path)
        do {
            // The first Host header is the request's authority; any other is left among the fields.
            guard request.headers[values: .extraHost].isEmpty else { throw PreviewError.duplicateHost }
            let codings = request.headers[values: .transferEncoding]
            guard codings.isEmpty || RequestHeadCheck.isChunkedOnly(codings) else {
                throw PreviewError.unsupportedTransferEncoding(codings.joined(separator: ", "))
            }
            guard let port = port.value, address.allowsHost(request.head.authority, port: port) else {
                throw PreviewError.misdirected(request.head.authority)
            }
            guard request.method == .get || request.method == .head else {
                throw PreviewError.methodNotAllowed(request.method)
            }
            guard let route else { throw PreviewError.noRoute(request.uri.path) }
            var response = try await answer(route, request)
            if route.allowsOtherOrigins { response.headers[.accessControlAllowOrigin] = "*" }
            if request.method == .head { response.body = ResponseBody() }
            return response
        } catch let error as PreviewError {
            var response = try error.response(from: request, context: context)
            if route?.allowsOtherOrigins == true { response.headers[.accessControlAllowOrigin] = "*" }
            return response
        }
    }

    private func answer(_ route: PreviewRoute, _ request: Request) async throws(PreviewError) -> Response {
        let query = PreviewQuery(request.uri.query)
        if route.asksTheDaemon { try query.validate() }
        switch route {
        case .page(let asset):
            return Self.response(bytes: asset == .index ? indexPage : asset.bytes, type: asset.contentType)
        case .api(let method):
            return Self.json(try await call(method, query))
        case .batch:
            return Self.json(try await batch(query))
        case .export(let theme, let format):
            return try await export(theme: theme, format: format, query: query)
        case .events:
            return try await events(query, request: request)
        case .build(let file):
            let (text, type) = try await builds.file(named: file)
            return Self.response(bytes: Array(text.utf8), type: type, cache: "no-cache")
        }
    }

    /// `/api/METHOD?QUERY`: the daemon's answer, with `--theme` when the query names no theme.
    func call(_ method: Method, _ query: PreviewQuery) async throws(PreviewError) -> JSONValue {
        var params = try Self.params(method, query)
        if params["theme"] == nil, params["themes"] == nil, method != .themes, let theme {
            params["theme"] = .string(theme)
        }
        return try await link.call(method, params)
    }

    /// A method's params from the query: its own parameters by name, JSON where the protocol wants a value.
    static func params(_ method: Method, _ query: PreviewQuery) throws(PreviewError) -> JSONObject {
        switch method {
        case .themes: return try query.params(names: [], withContext: false)
        case .keys: return try query.params(names: ["theme", "attribute"], withContext: false)
        case .resolve: return try query.params(names: ["theme", "attribute", "key"], json: ["queries", "overrides"])
        case .explain: return try query.params(names: ["theme", "attribute", "key"], json: ["overrides"])
        case .resolveContainer: return try query.params(names: ["theme"], json: ["overrides"])
        case .resolveElement:
            var params = try query.params(names: ["theme", "element"], json: ["define", "overrides"])
            if let element = query["element"], element.hasPrefix("{") {
                params["element"] = try PreviewQuery.parseJSON(element, field: "element")
            }
            return params
        case .audit: return try query.params(names: ["theme", "level"], json: ["themes", "apca", "all"])
        case .ping, .status, .reload, .subscribe, .unsubscribe:
            throw PreviewError(
                status: .notFound, code: RPCError.methodNotFoundCode, message: "Method not found", field: nil)
        }
    }

    /// `/theme/NAME.FORMAT`: every key of the theme resolved in the query's context, formatted.
    private func export(theme: String, format: ThemeExport.Format, query: PreviewQuery) async throws(PreviewError)
        -> Response
    {
        let params = try query.params(names: ["selector", "inherited"])
        let text = try await exporter.export(
            theme: theme, format: format, context: params["context"]?.objectValue ?? [:],
            selector: try query.selector(), inherited: ["1", "true", ""].contains(query["inherited"] ?? "0"))
        let type = format == .css ? "text/css; charset=utf-8" : "application/json; charset=utf-8"
        return Self.response(bytes: Array(text.utf8), type: type, cache: "no-cache")
    }

    /// `/events`: an event stream. An unknown theme is 404 when the daemon can say so; while no daemon answers the
    /// stream opens anyway and waits for one, since a browser's EventSource gives up for good on an error status.
    private func events(_ query: PreviewQuery, request: Request) async throws(PreviewError) -> Response {
        let theme = query["theme"]
        if let theme {
            var names: [String]?
            do throws(PreviewError) {
                names = ThemesResult(json: try await link.call(.themes, [:]))?.themes.map(\.name) ?? []
            } catch let error where error.code == PreviewError.daemonUnavailableCode {
                logger.info("events: no daemon yet; the stream waits for one")
            }
            if let names, !names.contains(theme) {
                throw PreviewError.daemon(
                    code: RPCError.unknownThemeCode, message: "Unknown theme",
                    data: .object(["theme": .string(theme), "available": .array(names.map(JSONValue.string))]))
            }
        }
        let lastEventID = (request.headers[.lastEventID] ?? query["lastEventId"])
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        var headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache",
        ]
        headers[.xAccelBuffering] = "no"
        if request.method == .head {
            guard relay.count < relay.maxStreams else { throw PreviewError.tooManyStreams(relay.maxStreams) }
            return Response(status: .ok, headers: headers)
        }
        guard let stream = relay.open(theme: theme, lastEventID: lastEventID) else {
            throw PreviewError.tooManyStreams(relay.maxStreams)
        }
        return Response(status: .ok, headers: headers, body: relay.body(of: stream, requestBody: request.body))
    }

    static func json(_ value: JSONValue) -> Response {
        var bytes: [UInt8] = []
        JSONText.encode(value, into: &bytes, layout: .jansson)
        bytes.append(UInt8(ascii: "\n"))
        return response(bytes: bytes, type: "application/json; charset=utf-8", cache: "no-store")
    }

    static func response(bytes: [UInt8], type: String, cache: String = "no-cache") -> Response {
        let headers: HTTPFields = [.contentType: type, .cacheControl: cache, .xContentTypeOptions: "nosniff"]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
