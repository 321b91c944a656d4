import SnapStyleClient
import SnapStyleJSON

/// The preview's connection to the daemon for requests: opened on first use, shared by every HTTP request (the
/// daemon answers pipelined requests by id), and opened again when the daemon has restarted.
actor DaemonLink {
    let socket: String?
    private var connection: SnapStyleConnection?

    init(socket: String?) {
        self.socket = socket
    }

    /// Calls a daemon method; a connection that turns out closed is replaced once. Throws the daemon's error
    /// answer, or 502 when no daemon answers.
    func call(_ method: String, _ params: JSONObject) async throws(PreviewError) -> JSONValue {
        for attempt in 0..<2 {
            do {
                let connection = try await connected()
                return try await connection.call(method, params)
            } catch SnapStyleClientError.server(let code, let message, let data) {
                throw .daemon(code: code, message: message, data: data)
            } catch SnapStyleClientError.disconnected where attempt == 0 {
                await drop()
            } catch {
                await drop()
                throw .daemonUnavailable("\(error)")
            }
        }
        throw .daemonUnavailable("the connection to snapstyled closed")
    }

    /// Closes the connection (at shutdown).
    func close() async {
        await drop()
    }

    private func connected() async throws -> SnapStyleConnection {
        if let connection { return connection }
        let fresh = try await SnapStyleConnection.connect(socket: socket)
        // Another request may have connected while this one waited.
        if let connection {
            await fresh.close()
            return connection
        }
        connection = fresh
        return fresh
    }

    private func drop() async {
        let old = connection
        connection = nil
        await old?.close()
    }
}
