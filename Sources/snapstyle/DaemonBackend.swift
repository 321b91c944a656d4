import SnapStyleClient
import SnapStyleJSON
import SnapStyleProtocol

/// Talks to snapstyled over its socket with the client library.
struct DaemonBackend: Backend {
    let socket: String?

    init(socket: String?) throws {
        self.socket = socket
    }

    func call(_ method: String, _ params: JSONObject) async throws -> JSONValue {
        let connection: SnapStyleConnection
        do {
            connection = try await SnapStyleConnection.connect(socket: socket)
        } catch SnapStyleClientError.unreachable(let path, let reason) {
            throw NoDaemonError(socket: path, reason: reason)
        }
        defer { Task { await connection.close() } }
        do {
            return try await connection.call(method, params)
        } catch SnapStyleClientError.server(let code, let message, let data) {
            throw AnswerError(error: RPCError(code: code, message: message, data: data?.objectValue))
        }
    }
}
