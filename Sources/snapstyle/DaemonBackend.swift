import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol

/// Talks to snapstyled over its socket with the client library.
struct DaemonBackend: Backend {
    let socket: String?
    /// Whether the command also works with `--offline` (the hint says so).
    var offlineWorks = true

    init(socket: String?, offlineWorks: Bool = true) {
        self.socket = socket
        self.offlineWorks = offlineWorks
    }

    func call(_ method: Method, _ params: JSONObject) async throws -> JSONValue {
        let connection: SnapStyleConnection
        do {
            connection = try await SnapStyleConnection.connect(socket: socket)
        } catch SnapStyleClientError.unreachable(let path, let reason, let errno) {
            throw NoDaemonError(socket: path, cause: .init(errno: errno, reason: reason), offlineWorks: offlineWorks)
        } catch SnapStyleClientError.disconnected {
            throw NoDaemonError(
                socket: socket ?? SnapStyleConnection.defaultSocketPath(), cause: .closed, offlineWorks: offlineWorks)
        }
        defer { Task { await connection.close() } }
        do {
            return try await connection.call(method, params)
        } catch SnapStyleClientError.server(let code, let message, let data) {
            throw AnswerError(error: RPCError(code: code, message: message, data: data?.objectValue))
        } catch SnapStyleClientError.disconnected {
            throw NoDaemonError(socket: connection.socket, cause: .closed, offlineWorks: offlineWorks)
        }
    }
}
