import SnapStyleJSON
import SnapStyleProtocol
import Synchronization

/// One connection to the daemon shared by many callers (the daemon answers pipelined requests by id): opened on
/// first use, and opened again when it closed (the daemon restarted). What the preview and `snapstyle mcp` call
/// the daemon through. A call goes straight to the connection, with no actor between.
public final class SnapStyleLink: Sendable {
    /// An answer and the instance of the daemon that gave it.
    public struct Answer: Sendable {
        public var value: JSONValue
        public var instance: String
    }

    public let socket: String?
    /// How long an answer may take: past it the call fails with `timedOut`, and is forgotten.
    public let timeout: Duration
    private let current = Mutex<(connection: SnapStyleConnection, instance: String)?>(nil)

    public init(socket: String?, timeout: Duration = .seconds(10)) {
        self.socket = socket
        self.timeout = timeout
    }

    /// Calls a daemon method; a connection that turns out closed is replaced once. Throws `SnapStyleClientError`.
    public func call(_ method: Method, _ params: JSONObject) async throws -> JSONValue {
        try await answer(method, params).value
    }

    /// `call`, with the answering daemon's instance.
    public func answer(_ method: Method, _ params: JSONObject) async throws -> Answer {
        var attempt = 0
        while true {
            var used: SnapStyleConnection?
            do {
                let (connection, instance) = try await connected()
                used = connection
                return Answer(value: try await connection.call(method, params, timeout: timeout), instance: instance)
            } catch SnapStyleClientError.disconnected where attempt == 0 {
                await drop(used)
                attempt += 1
            } catch let error as SnapStyleClientError {
                if case .server = error {} else if case .timedOut = error {} else { await drop(used) }
                throw error
            }
        }
    }

    /// Closes the connection (at shutdown).
    public func close() async {
        await drop(current.withLock { $0?.connection })
    }

    /// The connection, opened (and its daemon's instance asked) when there is none.
    private func connected() async throws -> (SnapStyleConnection, String) {
        if let open = current.withLock({ $0 }) { return open }
        let fresh = try await SnapStyleConnection.connect(socket: socket)
        let instance: String
        do {
            instance = try await fresh.perform(StatusRequest(), timeout: timeout).instance
        } catch {
            await fresh.close()
            throw error
        }
        // Another caller may have connected while this one waited: the first one kept is everyone's.
        let kept = current.withLock { open in
            if let open { return open }
            open = (fresh, instance)
            return (fresh, instance)
        }
        if kept.connection !== fresh { await fresh.close() }
        return kept
    }

    /// Forgets and closes `failed` when it is still the connection (a late failure must not close a newer one).
    private func drop(_ failed: SnapStyleConnection?) async {
        guard let failed else { return }
        current.withLock { open in
            if open?.connection === failed { open = nil }
        }
        await failed.close()
    }
}
