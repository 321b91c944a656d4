import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol

/// The preview's connection to the daemon for requests: opened on first use, shared by every HTTP request (the
/// daemon answers pipelined requests by id), and opened again when the daemon has restarted.
actor DaemonLink {
    /// An answer and the instance of the daemon that gave it.
    struct Answer: Sendable {
        var value: JSONValue
        var instance: String
    }

    let socket: String?
    /// How long an answer may take: past it the request is 504, and the call is forgotten (an answer that never
    /// comes, such as one the daemon sends with id null, must not keep anything).
    let timeout: Duration
    private var connection: (connection: SnapStyleConnection, instance: String)?

    init(socket: String?, timeout: Duration = .seconds(10)) {
        self.socket = socket
        self.timeout = timeout
    }

    /// Calls a daemon method; a connection that turns out closed is replaced once. Throws the daemon's error
    /// answer, 502 when no daemon answers, or 504 when the answer does not come in time.
    func call(_ method: Method, _ params: JSONObject) async throws(PreviewError) -> JSONValue {
        try await answer(method, params).value
    }

    /// `call` by the method's protocol name, with the answering daemon's instance.
    func answer(_ method: Method, _ params: JSONObject) async throws(PreviewError) -> Answer {
        for attempt in 0..<2 {
            var used: SnapStyleConnection?
            do {
                let (connection, instance) = try await connected()
                used = connection
                return Answer(value: try await connection.call(method, params, timeout: timeout), instance: instance)
            } catch SnapStyleClientError.server(let code, let message, let data) {
                throw .daemon(code: code, message: message, data: data)
            } catch SnapStyleClientError.timedOut(let timeout) {
                throw .daemonTimeout(timeout)
            } catch SnapStyleClientError.disconnected where attempt == 0 {
                await drop(used)
            } catch {
                await drop(used)
                throw .daemonUnavailable("\(error)")
            }
        }
        throw .daemonUnavailable("the connection to snapstyled closed")
    }

    /// Closes the connection (at shutdown).
    func close() async {
        await drop(connection?.connection)
    }

    /// The connection, opened (and its daemon's instance asked) when there is none.
    private func connected() async throws -> (SnapStyleConnection, String) {
        if let connection { return connection }
        let fresh = try await SnapStyleConnection.connect(socket: socket)
        let instance: String
        do {
            instance = try await fresh.call(.status, timeout: timeout)["instance"]?.stringValue ?? ""
        } catch {
            await fresh.close()
            throw error
        }
        // Another request may have connected while this one waited.
        if let connection {
            await fresh.close()
            return connection
        }
        connection = (fresh, instance)
        return (fresh, instance)
    }

    /// Forgets and closes `failed` when it is still the connection (a late failure must not close a newer one).
    private func drop(_ failed: SnapStyleConnection?) async {
        guard let failed, let current = connection?.connection, current === failed else {
            await failed?.close()
            return
        }
        connection = nil
        await failed.close()
    }
}
