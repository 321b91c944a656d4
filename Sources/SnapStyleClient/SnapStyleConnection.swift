import Foundation
import NIOCore
import NIOPosix
import SnapStyleVocabulary
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleSystem
import Synchronization

/// Why a call to snapstyled failed.
public enum SnapStyleClientError: Error, CustomStringConvertible, Sendable {
    /// Nothing answers on the socket; `errno` says why, when the system said (ENOENT: no socket file, EACCES:
    /// permission denied, ECONNREFUSED: nothing listens).
    case unreachable(socket: String, reason: String, errno: Int32?)
    /// The daemon answered with a JSON-RPC error.
    case server(code: Int, message: String, data: JSONValue?)
    /// The connection closed before the answer came.
    case disconnected
    /// No answer came within the call's timeout; the call is forgotten, and an answer that comes later is dropped.
    case timedOut(Duration)
    /// The answer did not have the expected shape.
    case unexpectedResult(String)
    /// The daemon sent a line that is not JSON, or one longer than the client reads; the connection is closed.
    case malformedLine(String)

    public var description: String {
        switch self {
        case .unreachable(let socket, let reason, _): "no snapstyled answers on \(socket): \(reason)"
        case .server(let code, let message, let data):
            "error \(code): \(message)" + (data.map { " \(JSONText.encode($0))" } ?? "")
        case .disconnected: "the connection to snapstyled closed"
        case .timedOut(let timeout): "snapstyled did not answer within \(timeout)"
        case .unexpectedResult(let what): "unexpected answer: \(what)"
        case .malformedLine(let what): "snapstyled sent \(what); the connection was closed"
        }
    }
}

/// One connection to snapstyled: requests matched to responses by id, notifications to a stream.
public final class SnapStyleConnection: Sendable {
    let channel: any Channel
    let handler: NIOLoopBound<ClientHandler>
    let ids = Atomic<Int>(0)
    public let socket: String
    /// Server-to-client notifications, until the connection closes (ones this version does not know are skipped).
    public let notifications: AsyncStream<ThemeEvent>

    /// `$XDG_RUNTIME_DIR/snapstyle/snapstyled.sock`, or `/tmp/snapstyle-UID/snapstyled.sock`.
    public static func defaultSocketPath(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        SocketPath.defaultPath(environment: environment)
    }

    /// The longest line read by default: the daemon's largest answer and its envelope.
    public static let defaultMaxLineBytes = Limits.responseBytes + 64 * 1024

    /// Connects to the daemon at `socket` (default: the daemon's default path); throws `unreachable` when nobody
    /// answers there, `disconnected` when the daemon closed the connection at once.
    /// A line from the daemon longer than `maxLineBytes`, or one that is not JSON, fails every call waiting for an
    /// answer with `malformedLine` and closes the connection.
    public static func connect(
        socket: String? = nil, maxLineBytes: Int = defaultMaxLineBytes
    ) async throws -> SnapStyleConnection {
        let path = socket ?? defaultSocketPath()
        let (stream, continuation) = AsyncStream.makeStream(of: ThemeEvent.self)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            ClientHandler(notifications: continuation, maxLineBytes: maxLineBytes))
                    }
                }
                .connect(unixDomainSocketPath: path).get()
        } catch {
            continuation.finish()
            let code = (error as? IOError)?.errnoCode
            let reason = code.map { Errno(rawValue: $0).description } ?? "\(error)"
            throw SnapStyleClientError.unreachable(socket: path, reason: reason, errno: code)
        }
        do {
            let handler = try await channel.eventLoop.submit {
                NIOLoopBound(
                    try channel.pipeline.syncOperations.handler(type: ClientHandler.self), eventLoop: channel.eventLoop)
            }.get()
            return SnapStyleConnection(channel: channel, handler: handler, socket: path, notifications: stream)
        } catch {
            // The daemon closed the connection as soon as it was made (its peer check refused this user).
            continuation.finish()
            try? await channel.close()
            throw SnapStyleClientError.disconnected
        }
    }

    init(
        channel: any Channel, handler: NIOLoopBound<ClientHandler>, socket: String,
        notifications: AsyncStream<ThemeEvent>
    ) {
        self.channel = channel
        self.handler = handler
        self.socket = socket
        self.notifications = notifications
    }

    /// Calls a method and waits for its result; with a `timeout`, for that long at most (then `timedOut`).
    public func call(_ method: Method, _ params: JSONObject? = nil, timeout: Duration? = nil) async throws
        -> JSONValue
    {
        let promise = channel.eventLoop.makePromise(of: Result<JSONValue, RPCError>.self)
        let id = ids.wrappingAdd(1, ordering: .relaxed).newValue
        let request = RequestEnvelope(id: .integer(Int64(id)), method: method, params: params)
        var bytes: [UInt8] = []
        JSONText.encode(request.json, into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        let line = bytes
        let channel = self.channel
        let handler = self.handler
        channel.eventLoop.execute {
            handler.value.pending[id] = promise
            if let timeout {
                let expiry = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
                    guard let promise = handler.value.pending.removeValue(forKey: id) else { return }
                    promise.fail(SnapStyleClientError.timedOut(timeout))
                }
                promise.futureResult.whenComplete { _ in expiry.cancel() }
            }
            var buffer = channel.allocator.buffer(capacity: line.count)
            buffer.writeBytes(line)
            // A write on a connection the daemon closed (its peer check, or it went away) is a disconnection.
            channel.writeAndFlush(buffer).whenFailure { _ in
                handler.value.pending.removeValue(forKey: id)?.fail(SnapStyleClientError.disconnected)
            }
        }
        switch try await promise.futureResult.get() {
        case .success(let result): return result
        case .failure(let error):
            throw SnapStyleClientError.server(
                code: error.code, message: error.message, data: error.data.map(JSONValue.object))
        }
    }

    /// How many calls wait for their answer.
    func pendingCalls() async throws -> Int {
        let handler = self.handler
        return try await channel.eventLoop.submit { handler.value.pending.count }.get()
    }

    /// Performs a typed request; with a `timeout`, waits that long at most.
    public func perform<R: SnapStyleRequest>(_ request: R, timeout: Duration? = nil) async throws -> R.Response {
        try request.decode(try await call(R.method, request.params, timeout: timeout))
    }

    /// Closes the connection; requests still waiting fail.
    public func close() async {
        try? await channel.close()
    }
}

/// Splits lines, completes pending calls, forwards notifications. Used on its channel's event loop only.
final class ClientHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    var pending: [Int: EventLoopPromise<Result<JSONValue, RPCError>>] = [:]
    private var decoder: LineFrameDecoder
    let notifications: AsyncStream<ThemeEvent>.Continuation

    init(notifications: AsyncStream<ThemeEvent>.Continuation, maxLineBytes: Int) {
        self.notifications = notifications
        decoder = LineFrameDecoder(maxLineBytes: maxLineBytes)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var messages: [DaemonMessage] = []
        var malformed: String?
        do throws(LineFrameDecoder.LineTooLong) {
            try decoder.decode(unwrapInboundIn(data)) { batch in
                batch.forEachLine { line in
                    guard !line.isEmpty else { return true }
                    do {
                        messages.append(DaemonMessage(json: try JSONText.parse(bytes: line)))
                        return true
                    } catch {
                        malformed = "a line that is not JSON (\(error))"
                        return false
                    }
                }
            }
        } catch {
            malformed = "a line longer than \(error.limit) bytes"
        }
        messages.forEach(dispatch)
        if let malformed { fail(SnapStyleClientError.malformedLine(malformed), context: context) }
    }

    /// Fails every waiting call with `error` and closes the connection.
    private func fail(_ error: SnapStyleClientError, context: ChannelHandlerContext) {
        let waiting = pending.values
        pending = [:]
        for promise in waiting { promise.fail(error) }
        context.close(promise: nil)
    }

    private func dispatch(_ message: DaemonMessage) {
        switch message {
        case .batch(let answers): answers.forEach(dispatch)
        case .event(let event): notifications.yield(event)
        case .response(let id, let outcome): pending.removeValue(forKey: id)?.succeed(outcome)
        case .other: break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        for promise in pending.values { promise.fail(SnapStyleClientError.disconnected) }
        pending = [:]
        notifications.finish()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
